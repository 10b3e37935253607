package toolkit

import (
	"strconv"
	"strings"
)

// Host parsing of the WHATWG URL standard (its section 3.5): IPv6 literals, opaque hosts of
// non-special URLs, and domains (with IPv4 numbers) of special ones.

func isForbiddenHostCodePoint(c rune) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

func isForbiddenDomainCodePoint(c rune) bool {
	return isForbiddenHostCodePoint(c) || c <= 0x1F || c == '%' || c == 0x7F
}

// parseHost returns the serialised host, or false on failure.
func parseHost(input string, opaque bool) (string, bool) {
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") || len(input) < 2 {
			return "", false
		}
		addr, ok := parseIPv6([]rune(input[1 : len(input)-1]))
		if !ok {
			return "", false
		}
		return "[" + serializeIPv6(addr) + "]", true
	}
	if opaque {
		for _, c := range input {
			if isForbiddenHostCodePoint(c) {
				return "", false
			}
		}
		return encodeAll(input, inC0ControlSet), true
	}
	domain := decodeUTF8(percentDecode(input), true)
	ascii, ok := domainToASCII(domain)
	if !ok {
		return "", false
	}
	for _, c := range ascii {
		if isForbiddenDomainCodePoint(c) {
			return "", false
		}
	}
	if endsInNumber(ascii) {
		v, ok := parseIPv4(ascii)
		if !ok {
			return "", false
		}
		return serializeIPv4(v), true
	}
	return ascii, true
}

// endsInNumber is the standard's "ends in a number checker".
func endsInNumber(s string) bool {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// ipv4Overflow stands for any number too large to matter (every bound is below it).
const ipv4Overflow = uint64(1) << 40

// parseIPv4Number parses one dotted part: decimal, 0x-hex or 0-octal.
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	radix := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, radix = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, radix = s[1:], 8
	}
	var n uint64
	for _, c := range s {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= radix {
			return 0, false
		}
		if n < ipv4Overflow {
			n = n*radix + d
		}
	}
	return n, true
}

func parseIPv4(s string) (uint64, bool) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	nums := make([]uint64, len(parts))
	for i, part := range parts {
		n, ok := parseIPv4Number(part)
		if !ok {
			return 0, false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return 0, false
		}
	}
	last := nums[len(nums)-1]
	if last >= uint64(1)<<(8*(5-len(nums))) {
		return 0, false
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return v, true
}

func serializeIPv4(v uint64) string {
	return strconv.FormatUint(v>>24&255, 10) + "." + strconv.FormatUint(v>>16&255, 10) + "." +
		strconv.FormatUint(v>>8&255, 10) + "." + strconv.FormatUint(v&255, 10)
}

func hexDigit(c rune) (uint32, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint32(c - '0'), true
	case c >= 'a' && c <= 'f':
		return uint32(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return uint32(c-'A') + 10, true
	}
	return 0, false
}

// parseIPv6 is the standard's IPv6 parser.
func parseIPv6(in []rune) ([8]uint16, bool) {
	var addr [8]uint16
	piece, compress, p := 0, -1, 0
	at := func(i int) rune {
		if i >= len(in) {
			return eof
		}
		return in[i]
	}
	if at(p) == ':' {
		if at(p+1) != ':' {
			return addr, false
		}
		p += 2
		piece++
		compress = piece
	}
	for at(p) != eof {
		if piece == 8 {
			return addr, false
		}
		if at(p) == ':' {
			if compress != -1 {
				return addr, false
			}
			p++
			piece++
			compress = piece
			continue
		}
		var val uint32
		length := 0
		for length < 4 {
			d, ok := hexDigit(at(p))
			if !ok {
				break
			}
			val = val*16 + d
			p++
			length++
		}
		if at(p) == '.' {
			if length == 0 {
				return addr, false
			}
			p -= length
			if piece > 6 {
				return addr, false
			}
			numbersSeen := 0
			for at(p) != eof {
				v4 := -1
				if numbersSeen > 0 {
					if at(p) == '.' && numbersSeen < 4 {
						p++
					} else {
						return addr, false
					}
				}
				if !isASCIIDigit(at(p)) {
					return addr, false
				}
				for isASCIIDigit(at(p)) {
					n := int(at(p) - '0')
					switch v4 {
					case -1:
						v4 = n
					case 0:
						return addr, false
					default:
						v4 = v4*10 + n
					}
					if v4 > 255 {
						return addr, false
					}
					p++
				}
				addr[piece] = addr[piece]*0x100 + uint16(v4)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					piece++
				}
			}
			if numbersSeen != 4 {
				return addr, false
			}
			break
		} else if at(p) == ':' {
			p++
			if at(p) == eof {
				return addr, false
			}
		} else if at(p) != eof {
			return addr, false
		}
		addr[piece] = uint16(val)
		piece++
	}
	if compress != -1 {
		swaps := piece - compress
		piece = 7
		for piece != 0 && swaps > 0 {
			addr[piece], addr[compress+swaps-1] = addr[compress+swaps-1], addr[piece]
			piece--
			swaps--
		}
	} else if piece != 8 {
		return addr, false
	}
	return addr, true
}

func serializeIPv6(addr [8]uint16) string {
	// The first longest run of two or more zero pieces is compressed to "::".
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if addr[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && addr[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	var b strings.Builder
	for i := 0; i < 8; i++ {
		if i == best {
			if i == 0 {
				b.WriteString("::")
			} else {
				b.WriteByte(':')
			}
			i += bestLen - 1
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(addr[i]), 16))
		if i != 7 {
			b.WriteByte(':')
		}
	}
	return b.String()
}
