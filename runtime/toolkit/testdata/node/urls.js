// urls.js regenerates ../urls.txt: how Node's WHATWG URL parser (new URL) handles the
// inputs below, for the kit's URL parser to be checked against.
//
//   node runtime/toolkit/testdata/node/urls.js > runtime/toolkit/testdata/urls.txt
'use strict';
const absolute = [
  'http://example.com', 'example.com', 'http://', 'http:foo', 'http:', 'https://a b.com', 'foo:bar', 'x:',
  '1a:b', 'a1+-.:x', '  http://x.com  ', '\thttp://x\n.com', 'http://[::1]/', 'http://[::1/',
  'http://999.1.1.1/', 'http://1.2.3.4.5/', 'http://a:99999/', 'http://a:65535/', 'http://a:1x/',
  'mailto:a@b', 'http://%41.com/', 'http://a%zz/', 'http://a%00/', 'http://a<b/', 'http://0x7f.1/',
  'http://1.2.3/', 'http://1.2.3.256/', 'http://4294967296/', 'http://4294967295/', 'http://xn--/',
  'http://éx.com/', 'file:///x', 'file:', 'http:/x', 'http:\\\\x', 'data:', 'data:,hi', '//x.com', '/abs',
  '', 'h:', 'http://a^b/', 'http://a|b/', 'http://a b/', 'ws://', 'http://user:pw@/', 'http://user@x/',
  'http://@x/', 'http://:80/', 'http://x:/', 'http://a.b.c.d.1/', 'http://1.2.3.09/', 'http://08/',
  'http://0x/', 'http://%zz/', 'https://ex.com/%zz', 'http://ex.com/\ud800', 'http://\ud800/', 'a\u0000:b',
  'http://a\u0000b/', 'HTTP://X.COM', 'http://x.com:0080/', 'https://x.com:443/', 'http://x.com:443/',
  'http://[1:2:3:4:5:6:7:8]/', 'http://[1:2:3:4:5:6:7:8:9]/', 'http://[::ffff:1.2.3.4]/',
  'http://[::1.2.3]/', 'http://[g::]/', 'sc://\u0000/', 'sc://a b/', 'sc://a%/', 'non-special://[1::]',
  'foo://x:99999/', 'foo://x:ab/', 'http://ex.com/\u0000', 'javascript:alert(1)', 'http://a.-b/',
  'http://xn--a.com/', 'http://ab\u00ad.com/', 'http://\uff21.com/', 'http://.../', 'http://a..b/',
  'http://\u0080/', 'http://ß.de/', 'http://a%2eb/', 'http://%2e/', 'http://[0:0::0:0:8]/',
  'http://[::1:2:3:4:5:6:7]/', 'http://[1:2:3:4:5:6:7::]/', 'http://[1:0:0:2:0:0:0:3]/', 'http://a#b/',
  'http://a?b', 'http://1.0x100.3/', 'http://0x100000000/', 'http://00000000000000000000000001/',
  'http://1.2.3.4./', 'http://1.2.3.4../', 'http://x/a/./b/../c/%2e%2E/d', 'http://x/a b?c d#e f',
  'http://x/?\'"<>`', 'sc://x/?\'"<>`', 'http://x/#\'"<>` ', 'http://x/{}|^', 'http://u:p:q@x/',
  'http://u@v@x/', 'http://a@b:c@x/', 'http://x/é?é#é', 'http://日本.jp/', 'http://xn--wgv71a.jp/',
  'http://ＥＸＡＭＰＬＥ．com/', 'http://a\u3002b/', 'http://\u00a0x/', 'http://x\u200by/', 'file://localhost/x',
  'file://host/x', 'file:c:/x', 'file:///c|/x', 'file://a b/', 'sc:/x/../y', 'sc:x/../y', 'sc://h/x/../../y',
  'data:text/plain;a=b,c d', 'http://x/\\y', 'sc://x/\\y', 'http://[::]/', 'http://[0::0]/', 'http://0/',
  'http://0.0.0.0/', 'http://x.com.', 'http://-x/', 'http://x_y/', 'http://~/', 'http://*/', 'http://!$&\'()*+,;=/',
];
const relative = [
  ['https://r.test/a/b?q#f', '/new'], ['https://r.test/a/b', 'c'], ['https://r.test/a/b', '../c?x'],
  ['https://r.test/a/b', '?y'], ['https://r.test/a/b?q', '#g'], ['https://r.test/a/b', '//other.test/p'],
  ['https://r.test/a/b', 'http://abs.test'], ['https://r.test/a/b', ''], ['https://r.test/a/b', '../../../../x'],
  ['https://r.test/a/b', '\\\\other.test\\p'], ['https://r.test/a/b', 'https:rel'], ['https://r.test/a/b', 'http:rel'],
  ['https://r.test/a/', './'], ['https://r.test/a/b', '.'], ['https://r.test/a/b', 'data:,x'],
];
for (const input of absolute) {
  let out;
  try { out = new URL(input).href; } catch { out = 'FAIL'; }
  console.log(`${JSON.stringify(input)} => ${out === 'FAIL' ? out : JSON.stringify(out)}`);
}
for (const [base, input] of relative) {
  let out;
  try { out = new URL(input, base).href; } catch { out = 'FAIL'; }
  console.log(`${JSON.stringify(input)} @ ${JSON.stringify(base)} => ${out === 'FAIL' ? out : JSON.stringify(out)}`);
}
