<?php
defined('IN_CODE') or die('This script can not be run by itself.');

// the starting units are the parent's: its class is included and extended
include_once("variants/Isle/classes/adjudicatorPreGame.php");

class Isle_V2Variant_adjudicatorPreGame extends IsleVariant_adjudicatorPreGame {}
?>
