<?php
defined('IN_CODE') or die('This script can not be run by itself.');

class IsleVariant_adjudicatorPreGame extends adjudicatorPreGame {

	protected $countryUnits = array(
		'Norland' => array('Northport (NOR)' => 'Fleet'),
		'Sudland' => array('Southport (SOU)' => 'Army')
	);
}
?>
