/**
 * The tar format (POSIX ustar), as much of it as a backup needs: regular files with a path of at most 255 bytes, written
 * and read whole. Gzip is node's own zlib; the archive is a stream of 512-byte blocks: a header, the file's bytes padded
 * to a block, and two empty blocks at the end.
 */

const BLOCK = 512;

export type TarEntry = { name: string; body: Uint8Array; modifiedAt?: Date };

/** The 512-byte ustar header of a regular file. */
function header({ name, body, modifiedAt = new Date(0) }: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  block.write(base, 0, 100, "utf8");
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, body.byteLength);
  writeOctal(block, 136, 12, Math.floor(modifiedAt.getTime() / 1000));
  block.write("        ", 148, 8, "ascii");
  block.write("0", 156, 1, "ascii");
  block.write("ustar\u000000", 257, 8, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8, "ascii");
  return block;
}

/** A name as ustar stores it: a prefix of at most 155 bytes and a name of at most 100, split at a slash. */
function splitName(name: string): [string, string] {
  checkName(name);
  if (Buffer.byteLength(name) <= 100) return ["", name];
  for (let slash = name.indexOf("/"); slash !== -1; slash = name.indexOf("/", slash + 1)) {
    const prefix = name.slice(0, slash);
    const rest = name.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`A path too long for the archive: ${JSON.stringify(name)}`);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  if (value >= 8 ** (length - 1)) throw new Error(`A value too large for the archive: ${value}`);
  block.write(`${value.toString(8).padStart(length - 1, "0")}\u0000`, offset, length, "ascii");
}

/** The blocks of one file: its header, its bytes, and the padding to the next block. */
export function tarEntry(entry: TarEntry): Buffer[] {
  const padding = (BLOCK - (entry.body.byteLength % BLOCK)) % BLOCK;
  return [header(entry), Buffer.from(entry.body.buffer, entry.body.byteOffset, entry.body.byteLength), Buffer.alloc(padding)];
}

/** The end of an archive: two empty blocks. */
export function tarEnd(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}

/**
 * The regular files of a tar archive, in order. Anything else (folders, links, extended headers) is refused, as is a
 * path that could leave the folder it is restored into, a header whose checksum is wrong, or an archive cut short.
 */
export function* readTar(archive: Buffer): Generator<TarEntry> {
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const stored = Number.parseInt(text(block, 148, 8), 8);
    let sum = 0;
    for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!;
    if (stored !== sum) throw new Error(`The archive is damaged: a header at byte ${offset} has a wrong checksum`);
    const type = text(block, 156, 1);
    if (type !== "0" && type !== "") throw new Error(`The archive holds an entry that is not a file (type ${JSON.stringify(type)})`);
    const prefix = text(block, 345, 155);
    const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
    checkName(name);
    const size = Number.parseInt(text(block, 124, 12), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(`The archive is damaged: ${name} has no valid size`);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error(`The archive is cut short: ${name} is incomplete`);
    const modifiedAt = new Date(Number.parseInt(text(block, 136, 12), 8) * 1000);
    yield { name, body: archive.subarray(start, start + size), modifiedAt };
    offset = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
  throw new Error("The archive is cut short: it has no end");
}

/** A NUL-terminated field. */
function text(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8").trim();
}

/** A relative path of plain segments: no empty, "." or ".." segment, no backslash and no control character. */
function checkName(name: string) {
  // eslint-disable-next-line no-control-regex
  const unsafe = name === "" || /[\u0000-\u001f\u007f\\]/.test(name) || name.split("/").some((segment) => segment === "" || segment === "." || segment === "..");
  if (unsafe) throw new Error(`The archive holds an unsafe path: ${JSON.stringify(name)}`);
}
