import { builtDownloadsSchema } from '@coinsight/contracts';
import built from '@coinsight/downloads/index.json';
import { DocTable } from './DocTable';

// The client packages this server serves at /downloads/, built with it and with this page: the
// build's own list (packages/downloads/dist/index.json), so the checksums are those of the files.
const FILES = builtDownloadsSchema.parse(built).files;

const KINDS = { npm: 'npm tarball', wheel: 'Python wheel', sdist: 'Python sdist' } as const;

/** The files at /downloads/ with their SHA-256, each linked. */
export function Downloads() {
  return (
    <DocTable
      caption="Client downloads"
      head={['File', 'Package', 'Version', 'SHA-256']}
      rows={FILES.map((file) => [
        <a key="file" href={`/downloads/${file.file}`}>
          {file.file}
        </a>,
        `${file.package} (${KINDS[file.kind]})`,
        file.version,
        <code key="sha">{file.sha256}</code>,
      ])}
    />
  );
}
