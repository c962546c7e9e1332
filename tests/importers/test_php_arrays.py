import pytest

from generator.importers.php_arrays import PhpDataError, php_single_quoted, read_install_php, read_tables

SAMPLE = r"""<?php
$territoryRawData=array(
	array('Martha\\\'s Vineyard (MVN)', 'Coast', 'Yes', 5, 10, 20, 11, 21),
	array('Kirksville (KKV)', 'Coast', 'No', 0, 1, 2, 1, 2), // a comment
	array('Kirksville (KKV) (South Coast)', 'Coast', 'No', 0, 3, 4, 3, 4)
);
foreach($territoryRawData as $territoryRawRow)
{
	list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;
}
$bordersRawData=array(
	array('Martha\\\'s Vineyard (MVN)','Kirksville (KKV) (South Coast)','Yes','No')
);
foreach($bordersRawData as $borderRawRow)
{
	list($from, $to, $fleets, $armies)=$borderRawRow;
}
"""


def test_reads_rows_with_columns_from_the_list_line():
    territories, borders = read_install_php(SAMPLE)
    assert [t["name"] for t in territories] == ["Martha\\'s Vineyard (MVN)", "Kirksville (KKV)",
                                                "Kirksville (KKV) (South Coast)"]
    assert territories[0]["countryID"] == 5 and territories[0]["sy"] == 21
    assert territories[1]["_line"] == 4
    assert borders[0]["fleets"] == "Yes" and borders[0]["armies"] == "No"


def test_single_quoted_escapes():
    assert php_single_quoted(r"'a\\b\'c\n'") == "a\\b'c\\n"


def test_code_inside_the_array_is_refused_with_its_line():
    bad = SAMPLE.replace("'Coast', 'No', 0, 1, 2", "'Coast', strtoupper('x'), 0, 1, 2")
    with pytest.raises(PhpDataError) as info:
        read_install_php(bad)
    assert info.value.line == 4


def test_wrong_column_count_is_refused():
    bad = SAMPLE.replace("'Yes','No')", "'Yes')")
    with pytest.raises(PhpDataError):
        read_install_php(bad)


def _cpu(function) -> float:
    import time
    start = time.process_time()
    function()
    return time.process_time() - start


_COLUMNS = "foreach($territoryRawData as $territoryRawRow) { list($name, $type)=$territoryRawRow; }\n"


def test_many_tables_before_one_column_list_cost_linear_time():
    """Each table searched for its column list from its end: 40,000 empty tables before the
    one list(...) took 18 s of CPU."""
    text = "$territoryRawData=array();\n" * 40_000 + _COLUMNS
    assert _cpu(lambda: read_tables(text, "territoryRawData", "territoryRawRow")) < 3


def test_unclosed_list_calls_cost_linear_time():
    """`list(` never closed: the column-list pattern read to the next ')' from each (38 s for 30,000)."""
    text = "$territoryRawData=array();\n" + "list(" * 30_000 + _COLUMNS
    assert _cpu(lambda: read_tables(text, "territoryRawData", "territoryRawRow")) < 3
