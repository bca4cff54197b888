/** The last lines a child server printed, for an error message when it fails to start. */
export class LogTail {
  private readonly lines: string[] = [];

  constructor(private readonly size = 20) {}

  push(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      this.lines.push(line.trimEnd());
      if (this.lines.length > this.size) this.lines.shift();
    }
  }

  toString(): string {
    return this.lines.length === 0 ? '(no output)' : this.lines.join('\n');
  }
}
