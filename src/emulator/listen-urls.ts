// The URLs to print for the address the emulator listens on: one a client can use, never a wildcard address.
import { isIPv6 } from 'node:net';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';

/** 0.0.0.0 and :: mean "every address": a server binds to them, a client cannot connect to them everywhere. */
export function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

function urlFor(address: string, port: number): string {
  return `http://${isIPv6(address) ? `[${address}]` : address}:${port}`;
}

/**
 * The base URL for clients on this machine, from the address the server is bound to (a host name given to listen
 * on is already resolved there). A wildcard stands for loopback too, as dev servers print it ("Local:"); 127.0.0.1
 * also for ::, which Node binds dual-stack, and which may be bound where IPv6 loopback is not configured.
 */
export function localUrl(bound: AddressInfo): string {
  return urlFor(isWildcard(bound.address) ? '127.0.0.1' : bound.address, bound.port);
}

/**
 * For a wildcard address, the URLs other machines may use ("Network:"): each external IPv4 address, and for :: each
 * external IPv6 address outside link-local scope too (those need a zone id no URL here would carry).
 */
export function networkUrls(bound: AddressInfo, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  if (!isWildcard(bound.address)) return [];
  const urls: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv4' || (bound.address === '::' && entry.family === 'IPv6' && entry.scopeid === 0)) {
        urls.push(urlFor(entry.address, bound.port));
      }
    }
  }
  return urls;
}
