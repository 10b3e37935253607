#!/bin/sh
# A worker whose hello is fine and whose answers are not JSON.
echo '{"type":"hello","protocol":1,"implementation":"garbage","version":"1","limits":["timeout","maxFuel"],"tools":"host"}'
while read -r line; do
  echo "this is not JSON"
done
