"""variant.php read as text (generator/importers/webdip_variant.py)."""
import time

from generator.importers.webdip_variant import licence_header


def test_unclosed_comments_cost_linear_time():
    """The licence header's lazy /*(.*?)*/ read to the end of the text from every '/*'
    that never closes: 20,000 of them took 21 s of CPU."""
    start = time.process_time()
    assert licence_header("/* x " * 20_000) is None
    assert time.process_time() - start < 3


def test_the_first_comment_naming_a_licence_is_the_header():
    text = "/* nothing */ x /* Copyright (C) 2026 Someone.\n * GPL\n ---\n changelog */ /* licence two */"
    assert licence_header(text) == "Copyright (C) 2026 Someone. GPL"


def test_neutral_hold_keys_that_are_not_decimal_numbers_are_ignored(tmp_path):
    """'²' is a digit to str.isdigit but not to int(), which raised (an internal error)."""
    from generator.importers.webdip_variant import read_variant
    (tmp_path / "V").mkdir()
    (tmp_path / "V" / "variant.php").write_text(
        "<?php class VVariant extends WDVariant { public $neutralHold = array('\u00b2' => 1, '12' => 3, "
        f"'{'9' * 5000}' => 4); }}", encoding="utf-8")
    assert read_variant(tmp_path, "V").neutral_hold == [12]
