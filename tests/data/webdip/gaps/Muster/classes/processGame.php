<?php
defined('IN_CODE') or die('This script can not be run by itself.');

class MusterVariant_processGame extends processGame {

	protected function changePhase() {
		if( $this->phase == 'Pre-game' )
		{
			// Builds first after the game starts
			$this->setPhase('Builds');
			$this->archiveTerrStatus();
			return false;
		}
		elseif( $this->phase == 'Builds' && $this->turn==0 )
		{
			$this->phase='Pre-game';
			$this->setPhase('Diplomacy');
			$this->archiveTerrStatus();
			return false;
		}
		else
			return parent::changePhase();
	}
}
?>
