import { Coinsight } from '@coinsight/sdk';
import type { Command } from 'commander';
import { resolveSettings } from './config.js';
import { MissingKeyError } from './exit-codes.js';
import { pickFormat, render, type Format, type Listing } from './output.js';

type Env = Record<string, string | undefined>;

/** The process around the program, passed in so that tests can run it in memory. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  env: Env;
  /** All of standard input, for `coinsight login` without a terminal (e.g. `… | coinsight login`). */
  readStdin: () => Promise<string>;
  /** A line typed on the terminal without echoing it. */
  readSecret: (prompt: string) => Promise<string>;
}

interface GlobalOptions {
  format?: string;
  baseUrl?: string;
}

/** What every command's action needs: the output format, where the API is, and a client. */
export class Context {
  constructor(
    readonly io: Io,
    readonly command: Command,
  ) {}

  get globals(): GlobalOptions {
    return this.command.optsWithGlobals<GlobalOptions>();
  }

  get format(): Format {
    return pickFormat(this.globals.format, this.io.stdoutIsTTY);
  }

  settings() {
    return resolveSettings(this.globals.baseUrl, this.io.env);
  }

  async client(): Promise<Coinsight> {
    const { apiKey, baseUrl } = await this.settings();
    if (!apiKey) throw new MissingKeyError('no API key: set COINSIGHT_API_KEY or run `coinsight login` (create a key in Settings → API)');
    return new Coinsight({ apiKey, baseUrl });
  }

  print<T>(listing: Listing<T>): void {
    this.io.out(render(listing, this.format));
  }
}
