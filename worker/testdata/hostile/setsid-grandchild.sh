# A worker whose child escapes its process group (setsid) and holds stdout and stderr.
setsid sleep 3600 &
child=$!
printf '%s\n' '{"type":"hello","protocol":1,"implementation":"setsid","version":"1","limits":[],"tools":"host"}'
while IFS= read -r line; do
	id=$(printf '%s\n' "$line" | sed 's/^{"type":"run","run":\([0-9]*\).*/\1/')
	case "$line" in *'"source":"hang"'*) sleep 3600 ;; esac
	printf '{"type":"outcome","run":%s,"outcome":{"status":"ok","exitCode":0,"value":%s,"errors":[],"evidence":[],"trace":[],"toolCalls":[]}}\n' "$id" "$child"
done
