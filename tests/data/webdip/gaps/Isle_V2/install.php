<?php
// Isle: a four-territory map for the importer's tests (written for Mapwright)
defined('IN_CODE') or die('This script can not be run by itself.');
require_once("variants/install.php");

InstallTerritory::$Territories=array();
$countries=$this->countries;
$territoryRawData=array(
	array('Northport (NOR)', 'Coast', 'Yes', 1, 10, 10, 10, 10),
	array('Southport (SOU)', 'Coast', 'Yes', 2, 10, 50, 10, 50),
	array('Midland (MID)', 'Land', 'Yes', 0, 30, 30, 30, 30),
	array('Channel (CHA)', 'Sea', 'No', 0, 50, 30, 50, 30)
);

foreach($territoryRawData as $territoryRawRow)
{
	list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;
	new InstallTerritory($name, $type, $supply, $countryID, $x, $y, $sx, $sy);
}
unset($territoryRawData);

$bordersRawData=array(
	array('Northport (NOR)', 'Southport (SOU)', 'No', 'Yes'),
	array('Northport (NOR)', 'Midland (MID)', 'No', 'Yes'),
	array('Southport (SOU)', 'Midland (MID)', 'No', 'Yes'),
	array('Northport (NOR)', 'Channel (CHA)', 'Yes', 'No'),
	array('Southport (SOU)', 'Channel (CHA)', 'Yes', 'No')
);

foreach($bordersRawData as $borderRawRow)
{
	list($from, $to, $fleets, $armies)=$borderRawRow;
	InstallTerritory::$Territories[$to]->addBorder(InstallTerritory::$Territories[$from],$fleets,$armies);
}
unset($bordersRawData);

InstallTerritory::runSQL($this->mapID);
InstallCache::terrJSON($this->territoriesJSONFile(),$this->mapID);
?>
