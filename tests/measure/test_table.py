"""The measurement kit's file writing, from recorded raw measurements (no GPU, no PyTorch)."""
import copy
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
KIT = ROOT / "scripts" / "measure"
sys.path.insert(0, str(KIT))
from opkit import table  # noqa: E402

RECORDS = {"h200": "h200-2026-11-27-full-raw.json", "h100-sxm": "h100-sxm-2026-11-27-raw.json"}


def record(chip):
    return json.loads((KIT / "records" / RECORDS[chip]).read_text(encoding="utf-8"))


class CommittedTables(unittest.TestCase):
    def test_each_committed_table_is_what_the_kit_writes_from_its_record(self):
        for chip in RECORDS:
            with self.subTest(chip=chip), tempfile.TemporaryDirectory() as tmp:
                out = pathlib.Path(tmp) / f"{chip}.json"
                subprocess.run([sys.executable, str(KIT / "measure_operators.py"), "--chip", chip,
                                "--from-raw", str(KIT / "records" / RECORDS[chip]), "--out", str(out)],
                               check=True, capture_output=True)
                self.assertEqual(out.read_text(encoding="utf-8"),
                                 (ROOT / "data" / "operators" / f"{chip}.json").read_text(encoding="utf-8"))

    def test_the_h200_record_keeps_times_in_microseconds_and_its_software(self):
        written = table.table_from_raw(record("h200"))
        first = written["matmul"][0]
        raw_first = record("h200")["sections"]["matmul"][0]
        self.assertAlmostEqual(first["us"], raw_first["seconds"] * 1e6, places=2)
        self.assertNotIn("seconds", first)
        self.assertEqual(written["software"]["torch"], "2.11.0+cu130")
        self.assertEqual(written["source"], "accelguide-measured-h200-2026-11-27")
        self.assertNotIn("missing", written)  # the full run measured every section


class RefusedRecords(unittest.TestCase):
    def test_a_record_without_sections_is_refused_by_name(self):
        raw = record("h200")
        del raw["sections"]
        with self.assertRaisesRegex(ValueError, "lacks 'sections'"):
            table.table_from_raw(raw)

    def test_a_row_without_a_positive_time_is_refused_with_its_section_and_index(self):
        raw = record("h200")
        raw["sections"]["matmul"][3]["seconds"] = 0
        with self.assertRaisesRegex(ValueError, r"matmul\[3\]: seconds must be a positive number"):
            table.table_from_raw(raw)

    def test_an_unknown_section_is_refused(self):
        raw = record("h200")
        raw["sections"]["warp_shuffle"] = []
        with self.assertRaisesRegex(ValueError, "unknown section 'warp_shuffle'"):
            table.table_from_raw(raw)

    def test_a_record_of_another_chip_is_refused_by_the_cli(self):
        with tempfile.TemporaryDirectory() as tmp:
            run = subprocess.run([sys.executable, str(KIT / "measure_operators.py"), "--chip", "b200",
                                  "--from-raw", str(KIT / "records" / RECORDS["h200"]),
                                  "--out", str(pathlib.Path(tmp) / "t.json")], capture_output=True, text=True)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("measured 'h200', not 'b200'", run.stderr)


class MissingSections(unittest.TestCase):
    def test_sections_not_measured_are_listed_with_their_reason(self):
        raw = copy.deepcopy(record("h200"))
        del raw["sections"]["attention"]
        raw["errors"] = {"optimizer": "RuntimeError: out of memory"}
        del raw["sections"]["optimizer"]
        written = table.table_from_raw(raw)
        self.assertEqual(written["missing"], {"optimizer": "RuntimeError: out of memory", "attention": "not measured"})
        self.assertNotIn("attention", written)


if __name__ == "__main__":
    unittest.main()
