<?php
/*
	Copyright (C) 2026 Mapwright tests

	This file is part of the Isle test variant. It is free software: you can redistribute it
	and/or modify it under the terms of the GNU Affero General Public License as published by
	the Free Software Foundation, either version 3 of the License, or (at your option) any
	later version.
*/
defined('IN_CODE') or die('This script can not be run by itself.');

class IsleVariant extends WDVariant {
	public $id         = 9001;
	public $mapID      = 9001;
	public $name       = 'Isle';
	public $fullName   = 'Isle';
	public $description= 'Two ports and a midland.';
	public $author     = 'Mapwright tests';

	public $countries=array('Norland', 'Sudland');

	public function __construct() {
		parent::__construct();
		$this->variantClasses['adjudicatorPreGame'] = 'Isle';
		$this->supplyCenterTarget = 2;
	}

	public function turnAsDate($turn) {
		if ( $turn==-1 ) return "Pre-game";
		else return ( $turn % 2 ? "Autumn, " : "Spring, " ).(floor($turn/2) + 1901);
	}
}
?>
