// keccak-256, event signatures and their canonical forms, addresses and EIP-55 checksums.
import { describe, expect, it } from 'vitest';
import { keccak256Hex } from '../../src/evm/keccak.js';
import {
  APPROVAL_SIGNATURE,
  DeclarationError,
  TRANSFER_SIGNATURE,
  canonicalEvent,
  eventSignature,
  isEventSignature,
} from '../../src/evm/event-signature.js';
import { isAddress, toChecksumAddress } from '../../src/evm/address.js';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

describe('keccak256Hex', () => {
  it.each([
    ['', '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['Transfer(address,address,uint256)', TRANSFER],
    ['Approval(address,address,uint256)', APPROVAL],
    ['ApprovalForAll(address,address,bool)', '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'],
    ['TransferSingle(address,address,address,uint256,uint256)', '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'],
    ['abc', '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
  ])('keccak(%j)', (text, hash) => {
    expect(keccak256Hex(text)).toBe(hash);
  });

  it('exports the well-known signatures', () => {
    expect(TRANSFER_SIGNATURE).toBe(TRANSFER);
    expect(APPROVAL_SIGNATURE).toBe(APPROVAL);
  });
});

describe('canonicalEvent', () => {
  it.each([
    ['Transfer(address,address,uint256)', 'Transfer(address,address,uint256)'],
    ['event Transfer(address indexed from, address indexed to, uint256 value)', 'Transfer(address,address,uint256)'],
    ['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);', 'Transfer(address,address,uint256)'],
    ['  Transfer( address , address , uint )  ', 'Transfer(address,address,uint256)'],
    ['Foo(int,uint8,int128,bytes32,bytes,string,bool)', 'Foo(int256,uint8,int128,bytes32,bytes,string,bool)'],
    ['Foo(uint[],address[3],uint8[2][])', 'Foo(uint256[],address[3],uint8[2][])'],
    ['Foo((address,uint)[] items, uint x)', 'Foo((address,uint256)[],uint256)'],
    ['Foo(tuple(address a, uint b) indexed t)', 'Foo((address,uint256))'],
    ['Foo(((uint,bool),address))', 'Foo(((uint256,bool),address))'],
    ['Ping()', 'Ping()'],
    ['event Anon(uint a) anonymous', 'Anon(uint256)'],
    ['Foo(byte)', 'Foo(bytes1)'],
  ])('%s → %s', (declaration, canonical) => {
    expect(canonicalEvent(declaration)).toBe(canonical);
  });

  it.each([
    ['no parentheses', 'Transfer'],
    ['unclosed', 'Transfer(address,address'],
    ['unbalanced', 'Foo(address))'],
    ['an unknown type', 'Foo(addr)'],
    ['uint7', 'Foo(uint7)'],
    ['uint264', 'Foo(uint264)'],
    ['bytes33', 'Foo(bytes33)'],
    ['bytes0', 'Foo(bytes0)'],
    ['an empty parameter', 'Foo(uint256,,address)'],
    ['a bad name', '1Foo(uint256)'],
    ['no name', '(uint256)'],
    ['too many words', 'Foo(uint256 indexed a b)'],
    ['upper-case type', 'Foo(Address)'],
  ])('rejects %s', (_name, declaration) => {
    expect(() => canonicalEvent(declaration)).toThrow(DeclarationError);
  });

  it('eventSignature gives declaration, canonical form and hash; ERC-20 and ERC-721 Transfer agree', () => {
    const erc20 = eventSignature('event Transfer(address indexed from, address indexed to, uint256 value)');
    const erc721 = eventSignature('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)');
    expect(erc20).toEqual({
      declaration: 'event Transfer(address indexed from, address indexed to, uint256 value)',
      canonical: 'Transfer(address,address,uint256)',
      signature: TRANSFER,
    });
    expect(erc721.signature).toBe(erc20.signature);
  });

  it('isEventSignature', () => {
    expect(isEventSignature(TRANSFER)).toBe(true);
    expect(isEventSignature(TRANSFER.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(isEventSignature(TRANSFER.slice(2))).toBe(false);
    expect(isEventSignature(TRANSFER + '0')).toBe(false);
    expect(isEventSignature(TRANSFER.slice(0, -1) + 'g')).toBe(false);
    expect(isEventSignature('')).toBe(false);
  });
});

describe('addresses', () => {
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ])('EIP-55 vector %s', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
  });

  it('checksums the EIP-55 all-caps and all-lower vectors to themselves', () => {
    expect(toChecksumAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(toChecksumAddress('0x8617e340b3d01fa5f11f306f4090fd50e238070d')).toBe('0x8617E340B3D01FA5F11F306F4090FD50E238070D');
    expect(toChecksumAddress('0xDE709F2102306220921060314715629080E2FB77')).toBe('0xde709f2102306220921060314715629080e2fb77');
    expect(toChecksumAddress('0x27B1FDB04752BBC536007A920D24ACB045561C26')).toBe('0x27b1fdb04752bbc536007a920d24acb045561c26');
  });

  it.each([
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F', true],
    ['0x' + '0'.repeat(40), true],
    ['0x' + 'F'.repeat(40), true],
    ['71C7656EC7ab88b098defB751B7401B5f6d8976F', false],
    ['0X71C7656EC7ab88b098defB751B7401B5f6d8976F', false],
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976', false],
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F0', false],
    ['0x71C7656EC7ab88b098defB751B7401B5f6d8976G', false],
    [' 0x71C7656EC7ab88b098defB751B7401B5f6d8976F', false],
    ['', false],
  ])('isAddress(%j) = %s', (text, valid) => {
    expect(isAddress(text)).toBe(valid);
  });
});
