# Says hello and dies on its first run; started again (the marker file exists), it
# never says hello.
if [ -e "$A0DIFF_TEST_DIR/started" ]; then
	exec sleep 3600
fi
: >"$A0DIFF_TEST_DIR/started"
printf '%s\n' '{"type":"hello","protocol":1,"implementation":"restart","version":"1","limits":[],"tools":"host"}'
IFS= read -r line
exit 3
