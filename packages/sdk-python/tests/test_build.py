"""The in-tree build backend (build_backend/coinsight_build.py): the wheel and sdist pip installs."""

import base64
import hashlib
import shutil
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

import _support  # noqa: F401 - puts this tree's src/ first on sys.path

PACKAGE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PACKAGE / "build_backend"))

import coinsight_build  # noqa: E402

from coinsight._version import __version__  # noqa: E402


class BuildTest(unittest.TestCase):
    def setUp(self):
        self.out = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.out)

    def test_wheel_holds_the_package_and_a_valid_record(self):
        name = coinsight_build.build_wheel(str(self.out))
        self.assertEqual(name, f"coinsight-{__version__}-py3-none-any.whl")
        with zipfile.ZipFile(self.out / name) as wheel:
            names = wheel.namelist()
            self.assertIn("coinsight/__init__.py", names)
            self.assertIn("coinsight/py.typed", names)
            self.assertFalse([n for n in names if "__pycache__" in n or n.startswith("tests/")])
            info = f"coinsight-{__version__}.dist-info"
            metadata = wheel.read(f"{info}/METADATA").decode()
            self.assertIn(f"Name: coinsight\nVersion: {__version__}\n", metadata)
            self.assertIn("Requires-Python: >=3.9", metadata)
            self.assertNotIn("Requires-Dist", metadata)
            self.assertIn("Root-Is-Purelib: true", wheel.read(f"{info}/WHEEL").decode())
            record = wheel.read(f"{info}/RECORD").decode().splitlines()
            self.assertEqual(sorted(line.split(",")[0] for line in record), sorted(names))
            for line in record:
                path, digest, size = line.split(",")
                if path.endswith("RECORD"):
                    continue
                data = wheel.read(path)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, int(size)), (f"sha256={expected}", len(data)), path)

    def test_the_same_sources_give_the_same_bytes(self):
        first, second = self.out / "a", self.out / "b"
        first.mkdir()
        second.mkdir()
        for build in (coinsight_build.build_wheel, coinsight_build.build_sdist):
            a, b = build(str(first)), build(str(second))
            self.assertEqual((first / a).read_bytes(), (second / b).read_bytes(), a)

    def test_sdist_builds_the_same_wheel_from_its_pkg_info(self):
        sdist = coinsight_build.build_sdist(str(self.out))
        self.assertEqual(sdist, f"coinsight-{__version__}.tar.gz")
        with tarfile.open(self.out / sdist) as archive:
            names = archive.getnames()
            self.assertIn(f"coinsight-{__version__}/PKG-INFO", names)
            self.assertIn(f"coinsight-{__version__}/build_backend/coinsight_build.py", names)
            # The "data" filter where Python has it (3.12+ warns without a filter).
            archive.extractall(self.out / "unpacked", **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        # What pip does with the sdist: the backend from the sdist, its metadata from PKG-INFO.
        root = self.out / "unpacked" / f"coinsight-{__version__}"
        code = (root / "build_backend" / "coinsight_build.py").read_text(encoding="utf-8")
        namespace = {"__file__": str(root / "build_backend" / "coinsight_build.py"), "__name__": "sdist_backend"}
        exec(compile(code, "coinsight_build.py", "exec"), namespace)  # noqa: S102
        (self.out / "from-sdist").mkdir()
        (self.out / "from-repo").mkdir()
        from_sdist = namespace["build_wheel"](str(self.out / "from-sdist"))
        from_repo = coinsight_build.build_wheel(str(self.out / "from-repo"))
        self.assertEqual((self.out / "from-sdist" / from_sdist).read_bytes(), (self.out / "from-repo" / from_repo).read_bytes())


if __name__ == "__main__":
    unittest.main()
