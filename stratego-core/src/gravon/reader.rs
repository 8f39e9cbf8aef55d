//! A game record from the element tree of a Gravon file.

use std::convert::Infallible;

use crate::{Player, Square};

use super::xml::{line_of, parse_tree, Node};
use super::{parse_square, GameRecord, GravonError, GravonMove, GravonResult, Rescue, ResultKind, FIELD_LEN};

/// Parses one Gravon XML record. See the module documentation for what is tolerated. A text
/// longer than [`MAX_XML_BYTES`](crate::MAX_XML_BYTES) is refused before it is read
/// ([`GravonError::TooLarge`]); the limit holds the XML of the longest game the engine plays,
/// so whatever [`to_xml`](super::to_xml) writes for [`from_game`](super::from_game) reads back.
pub fn parse_xml(text: &str) -> Result<GameRecord, GravonError> {
    if text.len() > crate::MAX_XML_BYTES {
        return Err(GravonError::TooLarge { len: text.len(), limit: crate::MAX_XML_BYTES });
    }
    let roots = parse_tree(text)?;
    let games = games(&roots);
    let game = match games.as_slice() {
        [] => return Err(GravonError::MissingGame),
        [game] => *game,
        [_, second, ..] => {
            return Err(GravonError::Duplicate { element: "game".into(), line: line_of(text, second.pos) })
        }
    };
    let line = |node: &Node<'_>| line_of(text, node.pos);

    let game_type = match game.attr("type") {
        Some(t) => t.trim().parse().unwrap_or_else(|e: Infallible| match e {}),
        None => return Err(GravonError::MissingAttribute { element: "game", attribute: "type", line: line(game) }),
    };

    let mut field = None;
    let mut moves: Vec<GravonMove> = Vec::new();
    let mut players: [Option<String>; 2] = [None, None];
    let mut result = None;

    for node in &game.children {
        if node.is("field") {
            if field.is_some() {
                return Err(dup("field", line(node)));
            }
            let content = required(node, "field", "content", text)?;
            field = Some(check_field(content.trim(), line(node))?);
        } else if node.is("move") {
            moves.push(parse_move(node, moves.len(), text)?);
        } else if node.is("player") {
            let id = required(node, "player", "id", text)?;
            let slot = match id.trim() {
                "1" => 0,
                "2" => 1,
                _ => {
                    return Err(GravonError::BadAttribute {
                        element: "player",
                        attribute: "id",
                        value: id.to_string(),
                        line: line(node),
                    })
                }
            };
            if players[slot].is_some() {
                return Err(dup(&format!("player id=\"{}\"", slot + 1), line(node)));
            }
            players[slot] = Some(node.text.clone());
        } else if node.is("result") {
            if result.is_some() {
                return Err(dup("result", line(node)));
            }
            result = Some(parse_result(node, text)?);
        }
        // Anything else (unknown elements) is ignored.
    }

    let [p1, p2] = players;
    Ok(GameRecord { game_type, field, moves, players: [p1.unwrap_or_default(), p2.unwrap_or_default()], result })
}

/// Every `<game>` element, in document order. The tree has no game inside a game, so the
/// search stops at each one; it walks with its own stack rather than recursing.
fn games<'t, 'a>(roots: &'t [Node<'a>]) -> Vec<&'t Node<'a>> {
    let mut found = Vec::new();
    let mut pending: Vec<&'t Node<'a>> = roots.iter().rev().collect();
    while let Some(node) = pending.pop() {
        if node.is("game") {
            found.push(node);
        } else {
            pending.extend(node.children.iter().rev());
        }
    }
    found
}

fn dup(element: &str, line: usize) -> GravonError {
    GravonError::Duplicate { element: element.to_string(), line }
}

fn required<'n>(
    node: &'n Node<'_>,
    element: &'static str,
    attribute: &'static str,
    text: &str,
) -> Result<&'n str, GravonError> {
    node.attr(attribute).ok_or_else(|| GravonError::MissingAttribute {
        element,
        attribute,
        line: line_of(text, node.pos),
    })
}

fn square_attr(
    node: &Node<'_>,
    element: &'static str,
    attribute: &'static str,
    text: &str,
) -> Result<Square, GravonError> {
    let value = required(node, element, attribute, text)?;
    parse_square(value)
        .map_err(|_| GravonError::BadCoordinate { text: value.to_string(), line: Some(line_of(text, node.pos)) })
}

fn check_field(content: &str, line: usize) -> Result<String, GravonError> {
    let len = content.chars().count();
    if len != FIELD_LEN {
        return Err(GravonError::BadFieldLength { len, line });
    }
    if let Some((index, ch)) = content.chars().enumerate().find(|&(_, c)| !matches!(c, 'A'..='Y' | 'a' | '_')) {
        return Err(GravonError::BadFieldChar { ch, index, line });
    }
    Ok(content.to_string())
}

fn parse_move(node: &Node<'_>, index: usize, text: &str) -> Result<GravonMove, GravonError> {
    // Line numbers are computed only on error: counting lines for every move is quadratic.
    let line = || line_of(text, node.pos);
    let id = required(node, "move", "id", text)?;
    let ply: u32 = id.trim().parse().map_err(|_| GravonError::BadAttribute {
        element: "move",
        attribute: "id",
        value: id.to_string(),
        line: line(),
    })?;
    let expected = u32::try_from(index).map_or(u32::MAX, |i| i.saturating_add(1));
    if ply != expected {
        return Err(GravonError::MoveOutOfOrder { expected, found: ply, line: line() });
    }
    let from = square_attr(node, "move", "source", text)?;
    let to = square_attr(node, "move", "target", text)?;

    let mut rescue = None;
    for child in node.children.iter().filter(|c| c.is("rescue")) {
        if rescue.is_some() {
            return Err(dup("rescue", line_of(text, child.pos)));
        }
        let square = square_attr(child, "rescue", "rescuefield", text)?;
        let piece_text = required(child, "rescue", "rescuepiece", text)?;
        let piece = piece_text.trim().parse().map_err(|_| GravonError::BadAttribute {
            element: "rescue",
            attribute: "rescuepiece",
            value: piece_text.to_string(),
            line: line_of(text, child.pos),
        })?;
        rescue = Some(Rescue { square, piece });
    }
    Ok(GravonMove { ply, from, to, rescue })
}

fn parse_result(node: &Node<'_>, text: &str) -> Result<GravonResult, GravonError> {
    let line = || line_of(text, node.pos);
    let code = required(node, "result", "type", text)?;
    let kind = code
        .trim()
        .parse()
        .map(ResultKind::from_code)
        .map_err(|_| GravonError::BadResultCode { text: code.to_string(), line: line() })?;
    let winner = required(node, "result", "winner", text)?;
    let winner = match winner.trim() {
        "1" => Some(Player::Red),
        "2" => Some(Player::Blue),
        "3" => None,
        _ => return Err(GravonError::BadWinner { text: winner.to_string(), line: line() }),
    };
    Ok(GravonResult { kind, winner })
}
