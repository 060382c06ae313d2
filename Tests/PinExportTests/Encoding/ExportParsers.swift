/// The real parsers the export property tests read each export with: Python scripts run by `python3`.
/// Each reads a JSON array of texts on stdin and prints a JSON array with what it found in each.
enum ExportParsers {
    /// Kotlin: a strict tokenizer and grammar of the OkHttp builder (string literals decoded, no templates, comments without line ends), plus tree-sitter-kotlin when the interpreter has it.
    static let kotlin = #"""
        import json, re, sys

        BIDI = set('\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069')
        IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')


        def hazard(ch):
            o = ord(ch)
            return o < 0x20 or 0x7f <= o <= 0x9f or ch in BIDI or ch in '\u2028\u2029'


        def literal(text, i):
            # Decodes the Kotlin string literal at text[i] == '"'; returns (value, end). Strict: no templates.
            j, units = i + 1, []
            while True:
                if j >= len(text):
                    raise ValueError('unterminated string literal')
                c = text[j]
                if c == '"':
                    raw = ''.join(units)
                    return raw.encode('utf-16', 'surrogatepass').decode('utf-16'), j + 1
                if c == '\\':
                    e = text[j + 1]
                    if e in 'tbnr\'"\\$':
                        units.append({'t': '\t', 'b': '\b', 'n': '\n', 'r': '\r'}.get(e, e))
                        j += 2
                    elif e == 'u' and re.fullmatch('[0-9a-fA-F]{4}', text[j + 2:j + 6]):
                        units.append(chr(int(text[j + 2:j + 6], 16)))
                        j += 6
                    else:
                        raise ValueError('invalid escape \\%s' % e)
                    continue
                if c == '$':
                    raise ValueError('raw $ in a string literal (template expression)')
                if not 0x20 <= ord(c) <= 0x7e:
                    raise ValueError('raw U+%04X in a string literal' % ord(c))
                units.append(c)
                j += 1


        def tokens(text):
            i, out = 0, []
            while i < len(text):
                c = text[i]
                if c in ' \n':
                    i += 1
                elif text.startswith('//', i):
                    j = i
                    while j < len(text) and text[j] not in '\n\r':
                        j += 1
                    body = text[i + 2:j]
                    if any(hazard(ch) for ch in body):
                        raise ValueError('control, line separator or bidi control in a comment')
                    out.append(('comment', body))
                    i = j
                elif c == '"':
                    value, i = literal(text, i)
                    out.append(('string', value))
                elif IDENT.match(text, i):
                    m = IDENT.match(text, i)
                    out.append(('name', m.group()))
                    i = m.end()
                elif c in '.(),=':
                    out.append(('punct', c))
                    i += 1
                else:
                    raise ValueError('unexpected %r at %d' % (c, i))
            return out


        def grammar(toks):
            # val certificatePinner = CertificatePinner.Builder() (.add(S, S) // comment)* .build()
            code = [t for t in toks if t[0] != 'comment']
            comments = [t[1] for t in toks if t[0] == 'comment']
            head = [('name', 'val'), ('name', 'certificatePinner'), ('punct', '='), ('name', 'CertificatePinner'),
                    ('punct', '.'), ('name', 'Builder'), ('punct', '('), ('punct', ')')]
            tail = [('punct', '.'), ('name', 'build'), ('punct', '('), ('punct', ')')]
            if code[:len(head)] != head or code[-len(tail):] != tail:
                raise ValueError('not a CertificatePinner builder')
            body, calls = code[len(head):-len(tail)], []
            while body:
                call, body = body[:8], body[8:]
                if len(call) < 7 or [k for k, _ in call[:7]] != ['punct', 'name', 'punct', 'string', 'punct', 'string', 'punct'] \
                        or call[1][1] != 'add' or call[0][1] != '.' or call[2][1] != '(' or call[4][1] != ',' or call[6][1] != ')':
                    raise ValueError('unexpected code between calls: %r' % (call,))
                calls.append([call[3][1], call[5][1]])
                body = call[7:] + body
            return calls, comments


        def tree_sitter_check(text):
            try:
                import tree_sitter
                import tree_sitter_kotlin
            except ImportError:
                return None
            parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_kotlin.language()))
            data = text.encode('utf-8')
            tree = parser.parse(data)
            calls, names, comments, interpolations = [], set(), 0, 0
            stack = [tree.root_node]
            while stack:
                node = stack.pop()
                stack.extend(node.children)
                if node.type == 'interpolation':
                    interpolations += 1
                elif node.type == 'line_comment':
                    comments += 1
                elif node.type == 'identifier':
                    names.add(data[node.start_byte:node.end_byte].decode())
                elif node.type == 'call_expression':
                    nav, args = node.children[0], node.children[-1]
                    if nav.type == 'navigation_expression' and data[nav.children[-1].start_byte:nav.children[-1].end_byte] == b'add':
                        strings = [a.children[0] for a in args.children if a.type == 'value_argument']
                        if any(s.type != 'string_literal' for s in strings):
                            raise ValueError('tree-sitter: an add() argument is not a string literal')
                        calls.append((nav.children[-1].start_byte, [literal(data[s.start_byte:s.end_byte].decode(), 0)[0] for s in strings]))
            return {'hasError': tree.root_node.has_error, 'calls': [c for _, c in sorted(calls)], 'identifiers': sorted(names),
                    'comments': comments, 'interpolations': interpolations}


        def check(text):
            try:
                calls, comments = grammar(tokens(text))
                result = {'calls': calls, 'comments': comments, 'error': None}
            except (ValueError, IndexError) as error:
                result = {'calls': [], 'comments': [], 'error': str(error)}
            try:
                result['treeSitter'] = tree_sitter_check(text)
            except (ValueError, IndexError) as error:
                result['treeSitter'] = {'hasError': True, 'calls': [], 'identifiers': [], 'comments': 0, 'interpolations': 0,
                                        'error': str(error)}
            return result


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#

    /// Android XML: parsed by expat through xml.dom.minidom and xml.etree; returns the domains, pins and anything unexpected.
    static let androidXML = #"""
        import json, sys
        import xml.dom.minidom
        import xml.etree.ElementTree


        def text_of(element):
            parts = []
            for node in element.childNodes:
                if node.nodeType != node.TEXT_NODE:
                    raise ValueError('<%s> holds more than text' % element.tagName)
                parts.append(node.data)
            return ''.join(parts)


        def elements(element, unexpected, comments):
            out = []
            for node in element.childNodes:
                if node.nodeType == node.ELEMENT_NODE:
                    out.append(node)
                elif node.nodeType == node.COMMENT_NODE:
                    comments.append(node.data)
                elif node.nodeType == node.TEXT_NODE and node.data.strip(' \n') == '':
                    continue
                else:
                    unexpected.append('node of type %d: %r' % (node.nodeType, getattr(node, 'data', '')))
            return out


        def check(text):
            data = text.encode('utf-8')
            try:
                xml.etree.ElementTree.fromstring(data)
                root = xml.dom.minidom.parseString(data).documentElement
            except Exception as error:
                return {'error': str(error), 'domains': [], 'unexpected': [], 'comments': []}
            unexpected, comments, domains = [], [], []
            if root.tagName != 'network-security-config' or root.attributes.length:
                unexpected.append(root.tagName)
            for config in elements(root, unexpected, comments):
                children = elements(config, unexpected, comments)
                if config.tagName != 'domain-config' or [c.tagName for c in children] != ['domain', 'pin-set']:
                    unexpected.append('%s: %r' % (config.tagName, [c.tagName for c in children]))
                    continue
                domain, pin_set = children
                if sorted(domain.attributes.keys()) != ['includeSubdomains'] or sorted(pin_set.attributes.keys()) not in ([], ['expiration']):
                    unexpected.append('attributes')
                pins = []
                for pin in elements(pin_set, unexpected, comments):
                    if pin.tagName != 'pin' or dict(pin.attributes.items()) != {'digest': 'SHA-256'}:
                        unexpected.append(pin.tagName)
                    pins.append(text_of(pin))
                domains.append({'host': text_of(domain), 'includeSubdomains': domain.getAttribute('includeSubdomains'),
                                'expiration': pin_set.getAttribute('expiration') or None, 'pins': pins})
            return {'error': None, 'domains': domains, 'unexpected': unexpected, 'comments': comments}


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#

    /// Property lists: Python's plistlib; returns every leaf with its key path.
    static let propertyList = #"""
        import json, plistlib, sys


        def leaves(value, path, out):
            if isinstance(value, dict):
                if not value:
                    out.append({'path': path, 'value': '{}'})
                for key, item in value.items():
                    leaves(item, path + [key], out)
            elif isinstance(value, list):
                if not value:
                    out.append({'path': path, 'value': '[]'})
                for index, item in enumerate(value):
                    leaves(item, path + [str(index)], out)
            elif isinstance(value, bool):
                out.append({'path': path, 'value': 'true' if value else 'false'})
            elif isinstance(value, str):
                out.append({'path': path, 'value': value})
            else:
                out.append({'path': path, 'value': 'unexpected %s' % type(value).__name__})


        def check(text):
            try:
                root = plistlib.loads(text.encode('utf-8'), fmt=plistlib.FMT_XML)
            except Exception as error:
                return {'error': str(error), 'leaves': []}
            out = []
            leaves(root, [], out)
            return {'error': None, 'leaves': out}


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#

    /// HPKP: a strict RFC 9110 reader of `# host` and `Public-Key-Pins: ...` line pairs (quoted strings without obs-text).
    static let hpkpHeader = #"""
        import json, re, sys

        TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


        def quoted_string(line, i):
            # RFC 9110 quoted-string at line[i] == '"', strict: qdtext and quoted-pair of visible ASCII and space only.
            i, value = i + 1, []
            while i < len(line):
                c = line[i]
                if c == '"':
                    return ''.join(value), i + 1
                if c == '\\':
                    if i + 1 >= len(line) or not 0x20 <= ord(line[i + 1]) <= 0x7e:
                        raise ValueError('bad quoted-pair')
                    value.append(line[i + 1])
                    i += 2
                elif c == ' ' or c == '\x21' or 0x23 <= ord(c) <= 0x5b or 0x5d <= ord(c) <= 0x7e:
                    value.append(c)
                    i += 1
                else:
                    raise ValueError('U+%04X cannot stand in a quoted-string' % ord(c))
            raise ValueError('unterminated quoted-string')


        def directives(value):
            out, i = [], 0
            while True:
                m = TOKEN.match(value, i)
                if not m:
                    raise ValueError('expected a directive name at %d' % i)
                name, i, argument = m.group(), m.end(), None
                if i < len(value) and value[i] == '=':
                    i += 1
                    if i < len(value) and value[i] == '"':
                        argument, i = quoted_string(value, i)
                    else:
                        m = TOKEN.match(value, i)
                        if not m:
                            raise ValueError('expected a value at %d' % i)
                        argument, i = m.group(), m.end()
                out.append([name, argument])
                if i == len(value):
                    return out
                if value[i:i + 2] != '; ':
                    raise ValueError('expected "; " at %d' % i)
                i += 2


        def check(text):
            try:
                if text and not text.endswith('\n'):
                    raise ValueError('no final newline')
                lines = text.split('\n')[:-1] if text else []
                if len(lines) % 2:
                    raise ValueError('odd number of lines')
                headers = []
                for comment, header in zip(lines[0::2], lines[1::2]):
                    for line in (comment, header):
                        if any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c in '\u2028\u2029\u202e' for c in line):
                            raise ValueError('control character in %r' % line)
                    if not comment.startswith('# '):
                        raise ValueError('expected a comment line: %r' % comment)
                    name, _, value = header.partition(': ')
                    if name not in ('Public-Key-Pins', 'Public-Key-Pins-Report-Only'):
                        raise ValueError('unexpected header %r' % name)
                    headers.append({'comment': comment[2:], 'name': name, 'directives': directives(value)})
                return {'error': None, 'headers': headers}
            except ValueError as error:
                return {'error': str(error), 'headers': []}


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#

    /// curl lines: `bash -n`, `shlex.split`, and a real bash run with `curl` defined to print its arguments.
    static let curlShell = #"""
        import json, os, shlex, subprocess, sys, tempfile

        PRINT_ARGV = "import json, sys; print(json.dumps(sys.argv[1:]))"


        def check(text):
            syntax = subprocess.run(['bash', '-n'], input=text.encode('utf-8'), capture_output=True)
            if syntax.returncode != 0:
                return {'error': 'bash -n: ' + syntax.stderr.decode('utf-8', 'replace'), 'shlex': [], 'ran': [], 'files': []}
            try:
                split = [shlex.split(line) for line in text.split('\n') if line]
            except ValueError as error:
                return {'error': 'shlex: %s' % error, 'shlex': [], 'ran': [], 'files': []}
            # Run the text as a pasted script would run, with `curl` printing its arguments instead of connecting.
            with tempfile.TemporaryDirectory() as folder:
                script = 'curl() { %s -c %s "$@"; }\n' % (shlex.quote(sys.executable), shlex.quote(PRINT_ARGV)) + text
                run = subprocess.run(['bash', '-c', script], cwd=folder, capture_output=True, timeout=60)
                ran = [json.loads(line) for line in run.stdout.decode('utf-8').splitlines()]
                files = sorted(os.listdir(folder))
            return {'error': None, 'shlex': split, 'ran': ran, 'files': files, 'status': run.returncode}


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#

    /// Manifest JSON: Python's json module.
    static let manifestJSON = #"""
        import json, sys


        def check(text):
            try:
                manifest = json.loads(text)
            except ValueError as error:
                return {'error': str(error), 'domains': []}
            domains = [{'host': d['host'], 'values': [p['value'] for p in d.get('pins', [])],
                        'labels': [p.get('label') for p in d.get('pins', [])], 'notes': [p.get('note') for p in d.get('pins', [])]}
                       for d in manifest['domains']]
            return {'error': None, 'domains': domains}


        print(json.dumps([check(text) for text in json.loads(sys.stdin.buffer.read().decode('utf-8'))]))
        """#
}
