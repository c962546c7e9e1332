<?php
/*
	Copyright (C) 2026 Mapwright tests

	This file is part of the Isle (V2) test variant. It is free software: you can redistribute
	it and/or modify it under the terms of the GNU Affero General Public License as published
	by the Free Software Foundation, either version 3 of the License, or (at your option) any
	later version.
*/
defined('IN_CODE') or die('This script can not be run by itself.');

class Isle_V2Variant extends WDVariant {
	public $id         = 9002;
	public $mapID      = 9002;
	public $name       = 'Isle_V2';
	public $fullName   = 'Isle (V2)';
	public $author     = 'Mapwright tests';

	public $countries=array('Norland', 'Sudland');

	public function __construct() {
		parent::__construct();
		$this->variantClasses['adjudicatorPreGame'] = 'Isle_V2';
		$this->supplyCenterTarget = 2;
	}

	public function turnAsDate($turn) {
		if ( $turn==-1 ) return "Pre-game";
		else return ( $turn % 2 ? "Autumn, " : "Spring, " ).(floor($turn/2) + 1901);
	}
}
?>
