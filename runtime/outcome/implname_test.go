package outcome

import "testing"

func TestIsImplName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"go", true},
		{"ref", true},
		{"my-port.2", true},
		{"9lives_v1", true},
		{"", false},
		{"_x", false},
		{".x", false},
		{"-x", false},
		{"a b", false},
		{"a/b", false},
		{"a=b", false},
		{"é", false},
	}
	for _, tt := range tests {
		if got := IsImplName(tt.name); got != tt.ok {
			t.Errorf("IsImplName(%q) = %v, want %v", tt.name, got, tt.ok)
		}
	}
}
