<?php
/*
	Runs a webDiplomacy variant folder's PHP under PHP, with stand-ins for the
	webDiplomacy classes it extends and calls (never webDiplomacy's own code), and prints
	as JSON what the variant declares: the variant object's fields, the dates of its
	first turns, the territories and borders its install.php creates, its starting
	units and its territory colours.

	php run_variant.php WEBDIP_ROOT VARIANT_NAME

	WEBDIP_ROOT holds variants/VARIANT_NAME (and any variant it includes), as on a site.
*/
define('IN_CODE', 1);
error_reporting(E_ALL);
// Warnings and notices are reported on stderr (the caller decides what they mean); the
// run goes on, as on a site.
set_error_handler(function ($no, $text, $file, $line) {
	fwrite(STDERR, "$file:$line: $text\n");
	return true;
});

// A variant's class (NameVariant, NameVariant_kind) is loaded from its folder, as
// webDiplomacy does; any other class a variant extends becomes an empty stand-in.
spl_autoload_register(function ($class) {
	if (!preg_match('/^[A-Za-z_][A-Za-z0-9_]*$/', $class)) exit(4);
	if (preg_match('/^([A-Za-z0-9_]+?)Variant(?:_([A-Za-z]+))?$/', $class, $m)) {
		$file = isset($m[2]) ? "variants/$m[1]/classes/$m[2].php" : "variants/$m[1]/variant.php";
		if (is_file($file)) {
			require_once $file;
			if (class_exists($class, false)) return;
		}
	}
	eval("class $class {}");
});

function l_s($path) { return $path; }
function l_t($text) { return $text; }

class WDVariant {
	public $variantClasses = array();
	public $supplyCenterTarget = null;
	function __construct() {}
	function initialize() {}
	function territoriesJSONFile() { return 'territories.js'; }
	// a country's number: its place in $countries, from 1 (0: none of them)
	function countryID($name) {
		$at = array_search($name, $this->countries, true);
		return $at === false ? 0 : $at + 1;
	}
	function install() {
		global $DB;
		require 'variants/' . $this->name . '/install.php';
	}
}

class InstallTerritory {
	public static $Territories = array();
	public $name, $type, $supply, $countryID, $x, $y, $sx, $sy;
	public $borders = array();
	function __construct($name, $type, $supply, $countryID, $x, $y, $sx, $sy) {
		foreach (array('name', 'type', 'supply', 'countryID', 'x', 'y', 'sx', 'sy') as $i => $field)
			$this->$field = func_get_arg($i);
		self::$Territories[$name] = $this;
	}
	function row() {
		return array($this->name, $this->type, $this->supply, $this->countryID, $this->x, $this->y, $this->sx, $this->sy);
	}
	function addBorder($other, $fleets, $armies) {
		$this->borders[] = array($this->name, $other->name, $fleets, $armies);
	}
	static function runSQL($mapID) {}
}

// The database: statements an install.php sends are kept, in order, not run.
class StandInDatabase {
	public $statements = array();
	function sql_put($sql) { $this->statements[] = $sql; }
}
$DB = new StandInDatabase();

class InstallCache {
	static function terrJSON($file, $mapID) {}
}

function fields($object, $class) {
	$out = array();
	foreach ((new ReflectionClass($class))->getProperties() as $p) {
		if ($p->isStatic()) continue;
		$p->setAccessible(true);
		$out[$p->getName()] = $p->getValue($object);
	}
	return $out;
}

// variants/install.php is the stand-in beside this file; the rest is the site's
set_include_path(__DIR__ . PATH_SEPARATOR . $argv[1]);
chdir($argv[1]);
$name = $argv[2];
$folder = "variants/$name";
foreach (glob("$folder/classes/*.php") as $file) require_once $file;
require_once "$folder/variant.php";
$class = $name . 'Variant';
$variant = new $class();
$variant->initialize();
$variant->install();

$out = array('variant' => fields($variant, $class), 'dates' => array(), 'territories' => array(),
             'borders' => array(), 'classes' => array(), 'sql' => $DB->statements);
foreach (array(-1, 0, 1, 2, 3) as $turn) $out['dates'][] = $variant->turnAsDate($turn);
foreach (InstallTerritory::$Territories as $t) {
	$out['territories'][] = $t->row();
	foreach ($t->borders as $b) $out['borders'][] = $b;
}
foreach ($variant->variantClasses as $kind => $owner) {
	$sub = $owner . 'Variant_' . $kind;
	if (class_exists($sub, false)) $out['classes'][$kind] = (object)fields((new ReflectionClass($sub))->newInstanceWithoutConstructor(), $sub);
}
$out['classes'] = (object)$out['classes'];   // {} when there are none, not []
echo json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
