"""The package's PEP 517 build backend: standard library only, so building needs nothing from PyPI.

The client itself needs nothing but the standard library, and so does making its wheel and its
sdist: `pip install` of the sdist builds offline (`build-system.requires` is empty), on Python 3.9
and newer. A wheel is a zip of the package with a `.dist-info` folder (METADATA, WHEEL, RECORD;
the binary distribution format of packaging.python.org); an sdist a `.tar.gz` of the sources with
PKG-INFO. The metadata comes from pyproject.toml's [project] table in this repository, and from
the sdist's own PKG-INFO when a wheel is built from an sdist (so older Pythons, without tomllib,
build it too). Timestamps are fixed: the same sources give the same bytes, and so the same checksums.
"""

import base64
import gzip
import hashlib
import io
import re
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "coinsight"
# 1980-01-01, the earliest time a zip entry can carry.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
FIXED_EPOCH = 315532800


def _version():
    text = (PACKAGE / "_version.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE).group(1)


def _metadata():
    """The core metadata (METADATA in a wheel, PKG-INFO in an sdist)."""
    pkg_info = ROOT / "PKG-INFO"
    if pkg_info.exists():
        return pkg_info.read_text(encoding="utf-8")
    import tomllib  # Python 3.11+; only a build from the repository gets here

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    if project.get("dependencies"):
        raise ValueError("this backend writes no Requires-Dist: the package has no dependencies")
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {_version()}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Classifier: {c}" for c in project.get("classifiers", [])),
        *(f"Project-URL: {label}, {url}" for label, url in project.get("urls", {}).items()),
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(lines) + "\n\n" + (ROOT / project["readme"]).read_text(encoding="utf-8")


def _field(metadata, name):
    return re.search(rf"^{name}: (.+)$", metadata, re.MULTILINE).group(1).strip()


def _sources():
    """The package's files, relative to src/: modules and py.typed, no caches."""
    return sorted(
        path.relative_to(ROOT / "src").as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed")
    )


def _record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    metadata = _metadata()
    name, version = _field(metadata, "Name"), _field(metadata, "Version")
    dist_info = f"{name}-{version}.dist-info"
    filename = f"{name}-{version}-py3-none-any.whl"
    files = [(path, (ROOT / "src" / path).read_bytes()) for path in _sources()]
    files.append((f"{dist_info}/METADATA", metadata.encode("utf-8")))
    wheel = "Wheel-Version: 1.0\nGenerator: coinsight_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files.append((f"{dist_info}/WHEEL", wheel.encode("utf-8")))
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files)
    files.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode("utf-8")))
    with zipfile.ZipFile(Path(wheel_directory) / filename, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files:
            entry = zipfile.ZipInfo(path, FIXED_TIME)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    metadata = _metadata()
    base = f"{_field(metadata, 'Name')}-{_field(metadata, 'Version')}"
    files = [("PKG-INFO", metadata.encode("utf-8"))]
    for path in ("pyproject.toml", "README.md", "build_backend/coinsight_build.py"):
        files.append((path, (ROOT / path).read_bytes()))
    files += [(f"src/{path}", (ROOT / "src" / path).read_bytes()) for path in _sources()]
    filename = f"{base}.tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path, data in files:
            entry = tarfile.TarInfo(f"{base}/{path}")
            entry.size, entry.mtime, entry.mode = len(data), FIXED_EPOCH, 0o644
            archive.addfile(entry, io.BytesIO(data))
    with open(Path(sdist_directory) / filename, "wb") as out:
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as compressed:
            compressed.write(buffer.getvalue())
    return filename
