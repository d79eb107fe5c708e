"""`pnpm build` here: the wheel and the sdist in dist/, made by the package's own build backend.

packages/downloads puts them on the server's /downloads/ (docs/sdk.md, Installing from your server).
"""

import shutil
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PACKAGE / "build_backend"))
sys.dont_write_bytecode = True

import coinsight_build  # noqa: E402

DIST = PACKAGE / "dist"
shutil.rmtree(DIST, ignore_errors=True)
DIST.mkdir()
print("built", coinsight_build.build_wheel(str(DIST)), "and", coinsight_build.build_sdist(str(DIST)), "in dist/")
