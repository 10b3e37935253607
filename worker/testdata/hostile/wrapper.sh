# A wrapper that does not exec its worker: the shell stays the worker's parent.
"$A0DIFF_TEST_BINARY"
exit $?
