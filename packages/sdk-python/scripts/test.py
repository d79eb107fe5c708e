"""`pnpm test` here: the unittest suite, plus a summary in .test-results/ as the vitest runs leave one.

scripts/test-summary.mjs adds those summaries up for the closing `Tests:` line of the whole suite.
The live tests skip here (turbo passes no COINSIGHT_* variables); api/src/v1/sdk-python.int.test.ts
runs them against a server.
"""

import json
import sys
import unittest
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
REPORT = PACKAGE.parent.parent / ".test-results" / "sdk-python.json"

suite = unittest.defaultTestLoader.discover(str(PACKAGE / "tests"), top_level_dir=str(PACKAGE / "tests"))
result = unittest.TextTestRunner(verbosity=1).run(suite)
failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
skipped = len(result.skipped)
REPORT.parent.mkdir(parents=True, exist_ok=True)
REPORT.write_text(
    json.dumps(
        {
            "numPassedTests": result.testsRun - failed - skipped,
            "numFailedTests": failed,
            "numPendingTests": skipped,
            "numTodoTests": 0,
        }
    )
)
sys.exit(0 if result.wasSuccessful() else 1)
