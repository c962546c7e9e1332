<?php
defined('IN_CODE') or die('This script can not be run by itself.');

class MusterVariant_adjudicatorPreGame extends adjudicatorPreGame {

	// Disabled; no initial units or occupations
	protected function assignUnits() { }
	protected function assignUnitOccupations() { }

}
?>
