<?php
defined('IN_CODE') or die('This script can not be run by itself.');

class MusterVariant_processOrderBuilds extends processOrderBuilds {

	// the builds ordered for each country in the opening build phase
	protected $countryUnits = array(
		'Norland' => array('Northport (NOR)' => 'Fleet'),
		'Sudland' => array('Southport (SOU)' => 'Army')
	);

	public function create()
	{
		global $DB, $Game;
		if ($Game->turn == 0) {
			$terrIDByName = array();
			$tabl = $DB->sql_tabl("SELECT id, name FROM wD_Territories WHERE mapID=".$Game->Variant->mapID);
			while(list($id, $name) = $DB->tabl_row($tabl))
				$terrIDByName[$name]=$id;

			$UnitINSERTs = array();
			foreach($this->countryUnits as $countryName => $params)
			{
				$countryID = $Game->Variant->countryID($countryName);
				foreach($params as $terrName=>$unitType)
				{
					$terrID = $terrIDByName[$terrName];
					$unitType = "Build " . $unitType;
					$UnitINSERTs[] = "(".$Game->id.", ".$countryID.", '".$terrID."', '".$unitType."')";
				}
			}
			$DB->sql_put("INSERT INTO wD_Orders ( gameID, countryID, toTerrID, type ) VALUES ".implode(', ', $UnitINSERTs));
		} else {
			parent::create();
		}
	}
}
?>
