"""datc_page: publish a DATC conformance page for the game (Classic map only makes
sense): every test case of the DATC data file, adjudicated by the engine, with
orders, outcomes and the reasons."""
from . import Param, RuleModule

MODULE = RuleModule(
    name="datc_page",
    title="DATC conformance page",
    summary="Adds a page adjudicating every DATC test case with this game's map.",
    params={"source": Param("../shared/reference/datc/datc.json",
                            "Path of the DATC data file, relative to the repository root.")})
