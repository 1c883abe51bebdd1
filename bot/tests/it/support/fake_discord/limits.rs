//! Discord's limits on a message payload, which serenity does not check for components: at most
//! 5 action rows, 5 buttons or one select menu per row, unique `custom_id`s of at most 100
//! characters, 25 select options, 2000 characters of content, 10 embeds, 10 files. A payload over
//! a limit is refused with 400 and error 50035 "Invalid Form Body", as Discord does.

use std::collections::HashSet;

use serde_json::{Map, Value, json};

use super::store::FileUpload;

/// The limits `data` breaks, as `(path, message)`.
pub fn violations(data: &Value, files: &[FileUpload]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut fail = |path: String, message: String| found.push((path, message));
    if let Some(content) = data["content"].as_str() {
        let length = content.chars().count();
        if length > 2000 {
            fail("content".into(), format!("Must be 2000 or fewer in length (is {length})."));
        }
    }
    if data["embeds"].as_array().is_some_and(|e| e.len() > 10) {
        fail("embeds".into(), "Must be 10 or fewer in length.".into());
    }
    if files.len() > 10 {
        fail("files".into(), "Must be 10 or fewer in length.".into());
    }
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        fail("components".into(), format!("Must be 5 or fewer in length (is {}).", rows.len()));
    }
    let mut seen = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let path = format!("components.{r}");
        if row["type"] != 1 {
            fail(format!("{path}.type"), "Top-level components must be action rows (type 1).".into());
            continue;
        }
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let selects = items.iter().filter(|c| matches!(c["type"].as_u64(), Some(3..=8))).count();
        if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
            let message = "An action row holds 1 to 5 buttons or exactly one select menu.";
            fail(format!("{path}.components"), message.into());
        }
        for (c, item) in items.iter().enumerate() {
            for problem in component_violations(item, &mut seen) {
                fail(format!("{path}.components.{c}"), problem);
            }
        }
    }
    found
}

fn component_violations(item: &Value, seen: &mut HashSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let link = item["type"] == 2 && item["style"] == 5;
    match item["custom_id"].as_str() {
        Some(id) if link => problems.push(format!("A link button has no custom_id ({id:?}).")),
        Some(id) if id.is_empty() || id.chars().count() > 100 => {
            problems.push(format!("custom_id {id:?} is not 1 to 100 characters."));
        }
        Some(id) if !seen.insert(id.to_string()) => problems.push(format!("custom_id {id:?} is used twice.")),
        Some(_) => {}
        None if !link => problems.push("A component needs a custom_id.".into()),
        None => {}
    }
    if item["label"].as_str().is_some_and(|l| l.chars().count() > 80) {
        problems.push("A button label is at most 80 characters.".into());
    }
    if item["type"] == 3 {
        let options = item["options"].as_array().cloned().unwrap_or_default();
        if options.is_empty() || options.len() > 25 {
            problems.push(format!("A select menu has 1 to 25 options (has {}).", options.len()));
        }
        let long = |o: &Value, k: &str| o[k].as_str().is_some_and(|s| s.chars().count() > 100);
        if options.iter().any(|o| long(o, "label") || long(o, "value") || long(o, "description")) {
            problems.push("A select option's label, value and description are at most 100 characters.".into());
        }
        let values: HashSet<&str> = options.iter().filter_map(|o| o["value"].as_str()).collect();
        if values.len() != options.len() {
            problems.push("Select option values must be unique.".into());
        }
        let max = item["max_values"].as_u64().unwrap_or(1);
        if max > 25 || max > options.len() as u64 {
            problems.push(format!("max_values {max} is over the number of options or 25."));
        }
    }
    problems
}

/// Discord's 50035 error body for these violations (serenity reads the nested `_errors`).
pub fn error_body(violations: &[(String, String)]) -> Value {
    let mut errors = Map::new();
    for (path, message) in violations {
        let mut node = &mut errors;
        for segment in path.split('.') {
            let next = node.entry(segment.to_string()).or_insert_with(|| json!({}));
            node = next.as_object_mut().expect("error paths only hold objects");
        }
        let list = node.entry("_errors".to_string()).or_insert_with(|| json!([]));
        if let Some(list) = list.as_array_mut() {
            list.push(json!({ "code": "FAKE_DISCORD_LIMIT", "message": message }));
        }
    }
    json!({ "code": 50035, "message": "Invalid Form Body", "errors": errors })
}
