<?php
// Stand-in for webDiplomacy's variants/install.php, which install.php files include:
// its classes are defined by run_variant.php.
