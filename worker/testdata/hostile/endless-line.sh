# A worker that answers a run with a line that never ends.
printf '%s\n' '{"type":"hello","protocol":1,"implementation":"endless","version":"1","limits":[],"tools":"host"}'
IFS= read -r line
printf '{"type":"outcome","run":1,"outcome":{"status":"ok","exitCode":0,"value":"'
tr '\000' a </dev/zero
