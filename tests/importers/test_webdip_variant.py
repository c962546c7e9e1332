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
