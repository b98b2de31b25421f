//! Menu text: lines wrapped to a width, one line cut after a whole word, the menus' capitals
//! that leave paths as they are, and a reason about a file said beside that file's own row.

/// Splits text into lines of at most `width` characters, breaking at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for word in para.split(' ') {
            let mut word = word.to_string();
            while word.chars().count() > width {
                let head: String = word.chars().take(width).collect();
                word = word.chars().skip(width).collect();
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                lines.push(head);
            }
            if line.chars().count() + word.chars().count() + 1 > width && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines.truncate(20);
    lines
}

/// A reason about a file, said beside that file's own row: every word that is a path (it holds a
/// `/` or `\\`) is left out, as the row already names the file, but for the place in the file
/// fastened to it (`NAME:3:5:` reads `LINE 3, COLUMN 5:`) when `with_place`. The rest reads in
/// capitals, as the menus do; a path in capitals would name another file on a system whose
/// names keep their case.
pub fn reason_beside_its_file(why: &str, with_place: bool) -> String {
    let words: Vec<String> = why
        .split_whitespace()
        .filter_map(|w| match w.rsplit(['/', '\\']).next() {
            Some(name) if name.len() < w.len() => place_in(name).filter(|_| with_place),
            _ => Some(w.to_string()),
        })
        .collect();
    let text = words.join(" ").to_uppercase();
    text.trim_start_matches([':', ' ']).to_string()
}

/// `line 3, column 5:` for a path's last part written `NAME:3:5:`; nothing when it names no
/// place in the file.
fn place_in(name: &str) -> Option<String> {
    let mut parts = name.split(':').skip(1);
    let line = digits(parts.next())?;
    let column = digits(parts.next())?;
    Some(format!("line {line}, column {column}:"))
}

/// `part` when it is a whole number.
fn digits(part: Option<&str>) -> Option<&str> {
    part.filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `text` in the menus' capitals, but for its paths (words holding a `/` or `\\`), which keep
/// their case: a file's name in capitals may name another file.
pub fn capitals_but_paths(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            if w.contains('/') || w.contains('\\') {
                w.to_string()
            } else {
                w.to_uppercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` on one line of at most `columns` characters: cut after the last whole word that fits,
/// with `...` to say so.
pub fn one_line(text: &str, columns: usize) -> String {
    if text.chars().count() <= columns {
        return text.to_string();
    }
    let room = columns.saturating_sub(3);
    let head: String = text.chars().take(room + 1).collect();
    let cut = match head.rfind(' ') {
        Some(i) if i > 0 => &head[..i],
        _ => &head[..head.char_indices().nth(room).map_or(head.len(), |(i, _)| i)],
    };
    format!("{}...", cut.trim_end_matches([' ', ',', ':', ';']))
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn a_reason_beside_its_file_leaves_the_path_out_and_fits_a_line() {
        let why = "/tmp/pt/d10/score_replays/1_Normal_900.ron:3:5: Expected float (a damaged file)";
        let said = super::reason_beside_its_file(why, true);
        assert_eq!(said, "LINE 3, COLUMN 5: EXPECTED FLOAT (A DAMAGED FILE)");
        let short = super::reason_beside_its_file(why, false);
        assert_eq!(short, "EXPECTED FLOAT (A DAMAGED FILE)");
        assert_eq!(super::one_line(&short, 26), "EXPECTED FLOAT (A...");
        assert_eq!(
            super::one_line("DESYNCED AT STAGE 1, 0:10", 26),
            "DESYNCED AT STAGE 1, 0:10"
        );
        assert_eq!(super::one_line(&"X".repeat(40), 26).chars().count(), 26);
        let windows = super::reason_beside_its_file("cannot read C:\\r\\a.ron: denied", true);
        assert_eq!(windows, "CANNOT READ DENIED");
        assert_eq!(
            super::capitals_but_paths("a stage file changed: levels/Stage2.ron"),
            "A STAGE FILE CHANGED: levels/Stage2.ron"
        );
    }

    #[test]
    fn wrap_breaks_long_lines_and_words() {
        let lines = wrap(
            "levels/stage1.ron:12:5: unknown enemy \"tnak\"; did you mean \"tank\"?",
            20,
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(
            lines.concat().replace(' ', ""),
            "levels/stage1.ron:12:5:unknownenemy\"tnak\";didyoumean\"tank\"?"
        );
    }
}
