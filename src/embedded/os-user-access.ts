import { chmod, readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

interface Account {
  uid: number;
  gid: number;
}

async function lookupAccount(name: string): Promise<Account | null> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((f) => f[0] === name);
  if (fields === undefined) return null;
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** Every directory from `/` down to `path`, which is included. */
function pathFromRoot(path: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

// Owner bits apply to the owner, group bits to the group, other bits to everyone else, exactly one
// class each. Supplementary groups are ignored: that errs on the side of a clear early error.
function canEnter(mode: number, uid: number, gid: number, who: Account | null): boolean {
  if (who !== null && uid === who.uid) return (mode & 0o100) !== 0;
  if (who !== null && gid === who.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * Fails with a clear message when the OS user `user` cannot reach `paths`. Embedded Postgres runs
 * as that user (it refuses to run as root); a checkout or data dir under a mode-700 home folder
 * would otherwise fail deep inside `initdb` or crash the process on a spawn error.
 */
export async function assertReachableBy(user: string, paths: string[]): Promise<void> {
  const who = await lookupAccount(user);
  for (const path of paths) {
    for (const dir of pathFromRoot(path)) {
      const st = await stat(dir).catch(() => null);
      // A directory not created yet inherits its parent's reachability: the parent was checked.
      if (st === null) break;
      if (!canEnter(st.mode, st.uid, st.gid, who)) {
        throw new Error(
          `embedded Postgres runs as the "${user}" OS user, which cannot enter ${dir} ` +
            `(mode ${(st.mode & 0o777).toString(8)}); run "chmod o+x ${dir}", move the checkout ` +
            'and DATA_DIR to a folder every user may enter, or set DATABASE_URL',
        );
      }
    }
  }
}

/**
 * Lets every user enter `dir` (o+x: enter, not list) when it is ours and they cannot. As root,
 * embedded Postgres runs as another OS user, which must reach its cluster in a DATA_DIR made by
 * root or in a scratch folder from mkdtemp (mode 700). True when the mode changed.
 */
export async function letOthersEnter(dir: string): Promise<boolean> {
  const st = await stat(dir);
  if (st.uid !== process.getuid?.() || (st.mode & 0o001) !== 0) return false;
  await chmod(dir, (st.mode & 0o7777) | 0o001);
  return true;
}
