# Reads one wire string per line, prints Rack::Utils.parse_nested_query's result as one JSON line each.
require "rack"
require "json"

STDIN.each_line do |line|
  parsed = Rack::Utils.parse_nested_query(line.chomp)
  puts JSON.generate(parsed)
end
