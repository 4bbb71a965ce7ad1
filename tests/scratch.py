"""The scratch directory the end-to-end tests build their projects in."""
import os
import shutil
import tempfile
import unittest


class ScratchDirTest(unittest.TestCase):
    """A test case with a fresh directory, `self.dir` (its real path, so that paths ampify prints
    compare equal), removed after each test."""

    def setUp(self):
        self.dir = os.path.realpath(tempfile.mkdtemp(prefix="ampify-%s-" % type(self).__name__.lower()))

    def tearDown(self):
        # Tests may make directories unwritable (a read-only cache); give them back first.
        for path, _, _ in os.walk(self.dir):
            os.chmod(path, 0o755)
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text):
        """Writes `text` to `name` under the scratch directory, creating parent directories."""
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path
