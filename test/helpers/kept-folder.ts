// The kept files' names in a data directory as a power cut leaves them: a file created or renamed is only durable once
// its folder is synced (fsync of the folder), so a power cut takes back every such change made since the last sync.
// The folder's syncs are seen as they reach the system (fsyncSync on the folder), so a sync that is asked for but not
// made counts for nothing.
import fs, { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';

/** How many times each folder (by inode) was fsynced in this process. */
const folderSyncs = new Map<number, number>();
const systemFsync = fs.fsyncSync;
fs.fsyncSync = (fd: number) => {
  systemFsync(fd);
  const stat = fs.fstatSync(fd);
  if (stat.isDirectory()) folderSyncs.set(stat.ino, (folderSyncs.get(stat.ino) ?? 0) + 1);
};
// The named imports of node:fs (the emulator's) see the wrapper too.
syncBuiltinESMExports();

const syncsOf = (folder: string) => folderSyncs.get(statSync(folder).ino) ?? 0;

/** The kept files (logs, snapshots, their temporaries): not the lock, which a crash leaves to be taken over. */
const KEPT_NAME = /\.jsonl(\.tmp)?$/;

/** Each kept file of the folder by name, with its inode (a rename keeps it). */
function listing(folder: string): Map<string, number> {
  const entries = new Map<string, number>();
  // A folder not made yet (the emulator creates it) holds nothing.
  const names = statSync(folder, { throwIfNoEntry: false }) ? readdirSync(folder) : [];
  for (const name of names) {
    if (!KEPT_NAME.test(name)) continue;
    const stat = statSync(join(folder, name), { throwIfNoEntry: false });
    if (stat?.isFile()) entries.set(name, stat.ino);
  }
  return entries;
}

export class FolderEntries {
  /** The entries as of the last sync of the folder (what was there at the start counts as synced). */
  private durable: Map<string, number>;

  constructor(private readonly folder: string) {
    this.durable = listing(folder);
  }

  /** Runs `sync` (a sync of `folder`): once it has fsynced the folder, its entries are durable. */
  sync(folder: string, sync: () => void): void {
    const before = syncsOf(folder);
    sync();
    if (folder === this.folder && syncsOf(folder) > before) this.durable = listing(folder);
  }

  /**
   * A power cut: each kept file named since the last sync loses that name. A rename goes back to the old name; a file
   * created since is gone. A removal stays done (the cut may land after it): what was removed is not brought back.
   */
  loseUnsynced(): void {
    const byInode = new Map([...this.durable].map(([name, inode]) => [inode, name]));
    for (const [name, inode] of listing(this.folder)) {
      if (this.durable.get(name) === inode) continue;
      const before = byInode.get(inode);
      if (before !== undefined && !existsIn(this.folder, before)) renameSync(join(this.folder, name), join(this.folder, before));
      else rmSync(join(this.folder, name), { force: true });
    }
  }
}

function existsIn(folder: string, name: string): boolean {
  return statSync(join(folder, name), { throwIfNoEntry: false }) !== undefined;
}
