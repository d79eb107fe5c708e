import { z } from 'zod';

/**
 * The client packages a server hands out at /downloads/, built with it (packages/downloads,
 * api/src/plugins/downloads.ts): the TypeScript SDK and the CLI as npm tarballs, the Python
 * package as a wheel and an sdist. docs/sdk.md, Installing from your server.
 */
export const DOWNLOADS_PATH = '/downloads';

const builtFileSchema = z.object({
  /** The package's name: `@coinsight/sdk`, `@coinsight/cli`, `coinsight` (Python). */
  package: z.string(),
  kind: z.enum(['npm', 'wheel', 'sdist']),
  version: z.string(),
  /** The versioned file name under /downloads/. */
  file: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** One file of packages/downloads/dist/index.json, as the build writes it. */
export const builtDownloadSchema = builtFileSchema.extend({
  /** The unversioned name of the same bytes (npm tarballs), or null. */
  stable: z.string().nullable(),
});

/** packages/downloads/dist/index.json: what the server serves and the /docs page lists. */
export const builtDownloadsSchema = z.object({ files: z.array(builtDownloadSchema) });

/** `GET /downloads/index.json`: every file with its address on this server and its checksum. */
export const downloadsIndexSchema = z.object({
  files: z.array(
    builtFileSchema.extend({
      url: z.string(),
      /** The unversioned address of the same file, which always serves the newest build (npm tarballs), or null. */
      stableUrl: z.string().nullable(),
    }),
  ),
  /** The package index pip reads (`pip install --index-url <it> coinsight`). */
  pythonIndex: z.string(),
});
export type DownloadsIndex = z.infer<typeof downloadsIndexSchema>;
