<?php
// Reads one wire string per line, prints PHP's parse_str result as one JSON line each.
while (($line = fgets(STDIN)) !== false) {
    $line = rtrim($line, "\n");
    $out = [];
    parse_str($line, $out);
    echo json_encode($out, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
}
