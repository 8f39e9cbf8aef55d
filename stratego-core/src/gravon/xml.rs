//! A small tolerant XML reader: just enough XML for Gravon's files, without recursion.

use std::borrow::Cow;

use super::GravonError;

/// An element: name, attributes (entity-decoded), child elements, and its own text content
/// (entity-decoded text and CDATA directly inside it, concatenated).
#[derive(Debug)]
pub(super) struct Node<'a> {
    pub(super) name: &'a str,
    pub(super) attrs: Vec<(&'a str, Cow<'a, str>)>,
    pub(super) children: Vec<Node<'a>>,
    pub(super) text: String,
    /// Byte offset of the `<` that opens the element.
    pub(super) pos: usize,
}

impl Node<'_> {
    pub(super) fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// First attribute with this name (ASCII case-insensitive).
    pub(super) fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_ref())
    }
}

pub(super) fn line_of(text: &str, pos: usize) -> usize {
    line_col(text, pos).0
}

fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..pos.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
    (line, column)
}

fn not_xml(text: &str, pos: usize, reason: impl Into<String>) -> GravonError {
    let (line, column) = line_col(text, pos);
    GravonError::NotXml { line, column, reason: reason.into() }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':') || b >= 0x80
}

/// Position just after the first `pat` at or after `from`.
fn skip_past(text: &str, from: usize, pat: &str, what: &str) -> Result<usize, GravonError> {
    text[from..]
        .find(pat)
        .map(|k| from + k + pat.len())
        .ok_or_else(|| not_xml(text, from, format!("unterminated {what}")))
}

/// The deepest nesting of elements the reader accepts. Gravon files nest four deep
/// (`stratego`, `game`, `move`, `rescue`); the limit leaves room for wrappers and keeps hostile
/// input (a million nested elements) from exhausting the stack.
pub const MAX_DEPTH: usize = 64;

/// Reads the document into a forest of elements (usually one root), at most [`MAX_DEPTH`]
/// deep, with no `<game>` inside a `<game>`.
pub(super) fn parse_tree(text: &str) -> Result<Vec<Node<'_>>, GravonError> {
    let bytes = text.as_bytes();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut stack: Vec<Node<'_>> = Vec::new();
    let mut roots: Vec<Node<'_>> = Vec::new();

    while i < bytes.len() {
        if bytes[i] != b'<' {
            let end = text[i..].find('<').map_or(bytes.len(), |k| i + k);
            if let Some(top) = stack.last_mut() {
                top.text.push_str(&decode(&text[i..end]));
            }
            // Text outside any element is ignored.
            i = end;
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("<?") {
            i = skip_past(text, i, "?>", "processing instruction")?;
        } else if rest.starts_with("<!--") {
            i = skip_past(text, i + 4, "-->", "comment")?;
        } else if rest.starts_with("<![CDATA[") {
            let end = skip_past(text, i + 9, "]]>", "CDATA section")?;
            if let Some(top) = stack.last_mut() {
                top.text.push_str(&text[i + 9..end - 3]);
            }
            i = end;
        } else if rest.starts_with("<!") {
            i = skip_declaration(text, i)?;
        } else if rest.starts_with("</") {
            let start = i;
            let name_end = scan_name(bytes, i + 2);
            let name = &text[i + 2..name_end];
            let mut j = name_end;
            while j < bytes.len() && is_space(bytes[j]) {
                j += 1;
            }
            if j >= bytes.len() || bytes[j] != b'>' {
                return Err(not_xml(text, start, format!("malformed end tag </{name}")));
            }
            i = j + 1;
            let Some(node) = stack.pop() else {
                return Err(not_xml(text, start, format!("end tag </{name}> without a start tag")));
            };
            if !node.name.eq_ignore_ascii_case(name) {
                return Err(GravonError::MismatchedTag {
                    line: line_of(text, start),
                    expected: node.name.to_string(),
                    found: name.to_string(),
                });
            }
            attach(&mut stack, &mut roots, node);
        } else {
            let (node, self_closing, next) = parse_start_tag(text, i)?;
            // Checked before the element is kept: the tree never gets deeper than the limit,
            // so neither building nor dropping it can exhaust the stack.
            if stack.len() >= MAX_DEPTH {
                return Err(GravonError::TooDeep { limit: MAX_DEPTH, line: line_of(text, i) });
            }
            if node.is("game") {
                if let Some(outer) = stack.iter().find(|n| n.is("game")) {
                    return Err(GravonError::NestedGame { line: line_of(text, i), outer: line_of(text, outer.pos) });
                }
            }
            i = next;
            if self_closing {
                attach(&mut stack, &mut roots, node);
            } else {
                stack.push(node);
            }
        }
    }

    if let Some(open) = stack.last() {
        return Err(GravonError::Unclosed { element: open.name.to_string(), line: line_of(text, open.pos) });
    }
    if roots.is_empty() {
        return Err(not_xml(text, i, "no element found"));
    }
    Ok(roots)
}

fn attach<'a>(stack: &mut [Node<'a>], roots: &mut Vec<Node<'a>>, node: Node<'a>) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(node),
        None => roots.push(node),
    }
}

fn scan_name(bytes: &[u8], mut j: usize) -> usize {
    while j < bytes.len() && is_name_byte(bytes[j]) {
        j += 1;
    }
    j
}

/// Skips `<!DOCTYPE ...>` (with an optional `[...]` internal subset) or any other `<!...>`.
fn skip_declaration(text: &str, start: usize) -> Result<usize, GravonError> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut quote = None;
    for (k, &b) in bytes.iter().enumerate().skip(start + 2) {
        match (quote, b) {
            (Some(q), b) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'[') => depth += 1,
            (None, b']') => depth = depth.saturating_sub(1),
            (None, b'>') if depth == 0 => return Ok(k + 1),
            _ => {}
        }
    }
    Err(not_xml(text, start, "unterminated <! declaration"))
}

/// Parses `<name attr="v" ...>` or `<name .../>` starting at the `<`. Returns the node, whether
/// it closed itself, and the position after the `>`.
fn parse_start_tag(text: &str, start: usize) -> Result<(Node<'_>, bool, usize), GravonError> {
    let bytes = text.as_bytes();
    let name_end = scan_name(bytes, start + 1);
    let name = &text[start + 1..name_end];
    if name.is_empty() || name.as_bytes()[0].is_ascii_digit() || name.starts_with(['-', '.']) {
        return Err(not_xml(text, start, "expected an element name after '<'"));
    }
    let mut node = Node { name, attrs: Vec::new(), children: Vec::new(), text: String::new(), pos: start };
    let mut j = name_end;
    loop {
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        match bytes.get(j) {
            None => return Err(not_xml(text, start, format!("unterminated tag <{name}"))),
            Some(b'>') => return Ok((node, false, j + 1)),
            Some(b'/') if bytes.get(j + 1) == Some(&b'>') => return Ok((node, true, j + 2)),
            Some(_) => {}
        }
        let attr_start = j;
        let attr_end = scan_name(bytes, j);
        if attr_end == attr_start {
            return Err(not_xml(text, j, format!("unexpected character in tag <{name}>")));
        }
        let attr_name = &text[attr_start..attr_end];
        j = attr_end;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        if bytes.get(j) != Some(&b'=') {
            // An attribute without a value, e.g. `<x flag>`: tolerated as "".
            node.attrs.push((attr_name, Cow::Borrowed("")));
            continue;
        }
        j += 1;
        while j < bytes.len() && is_space(bytes[j]) {
            j += 1;
        }
        let (raw, next) = match bytes.get(j) {
            Some(&q @ (b'"' | b'\'')) => {
                let Some(len) = text[j + 1..].find(char::from(q)) else {
                    return Err(not_xml(text, attr_start, format!("unterminated value of attribute {attr_name}")));
                };
                (&text[j + 1..j + 1 + len], j + 1 + len + 1)
            }
            _ => {
                // Unquoted value: up to whitespace, `>`, or a `/>` that ends the tag.
                let mut k = j;
                while k < bytes.len()
                    && !is_space(bytes[k])
                    && bytes[k] != b'>'
                    && !(bytes[k] == b'/' && bytes.get(k + 1) == Some(&b'>'))
                {
                    k += 1;
                }
                (&text[j..k], k)
            }
        };
        node.attrs.push((attr_name, decode(raw)));
        j = next;
    }
}

/// Decodes `&amp; &lt; &gt; &quot; &apos;` and `&#N;` / `&#xH;`. Anything else starting with `&`
/// (a bare ampersand, an unknown entity, an invalid code point) is kept literally.
fn decode(raw: &str) -> Cow<'_, str> {
    if !raw.contains('&') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let decoded = rest[1..]
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| entity(&rest[1..1 + semi]).map(|c| (c, semi + 2)));
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code).filter(|&c| c != '\0')
        }
    }
}
