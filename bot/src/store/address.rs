//! Database URLs as people may see them: passwords masked, and the server they name.

/// Whether a URL's query parameter `key` holds a secret: libpq's `password` and `sslpassword`,
/// and any other key naming a password, secret or token.
fn secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["password", "secret", "token"].iter().any(|word| key.contains(word))
}

/// `query` (the text after `?`) with the value of every secret parameter replaced by `***`;
/// everything else as written.
fn masked_query(query: &str) -> String {
    query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((key, _)) if secret_key(&percent_decoded(key)) => format!("{key}=***"),
            _ => pair.to_string(),
        })
        .collect::<Vec<_>>()
        .join("&")
}

fn percent_decoded(text: &str) -> String {
    url::form_urlencoded::parse(format!("{text}=").as_bytes()).next().map_or_else(String::new, |(k, _)| k.into_owned())
}

/// `url` with every password replaced by `***`, for messages and logs: the password of its
/// user information (`postgres://saloon:***@db/saloon`) and the values of query parameters
/// that hold one (`?password=***`, `?sslpassword=***`). A SQLite path is returned as it is.
#[must_use]
pub fn redacted(url: &str) -> String {
    let url = url.trim();
    match url::Url::parse(url) {
        Ok(mut parsed) => {
            if parsed.password().is_some() {
                // Only a URL that cannot have a password refuses one, and this one has one.
                let _ = parsed.set_password(Some("***"));
            }
            if let Some(query) = parsed.query().map(masked_query) {
                parsed.set_query(Some(&query));
            }
            parsed.to_string()
        }
        // Not a URL: a plain SQLite path (no password), or a URL too malformed to read, of
        // which only the scheme, the host part and the masked query are shown.
        Err(_) => match url.split_once("://") {
            Some((scheme, rest)) => {
                let (host, query) = rest.split_once('?').map_or((rest, None), |(h, q)| (h, Some(q)));
                let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
                let user = if rest.contains('@') { "***@" } else { "" };
                let query = query.map(|q| format!("?{}", masked_query(q))).unwrap_or_default();
                format!("{scheme}://{user}{host}{query}")
            }
            None => url.to_string(),
        },
    }
}

/// The server a database URL names, as `host:port` (`db.example:5432`), for messages about
/// reaching it; `None` when the URL names none.
#[must_use]
pub fn server_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url.trim()).ok()?;
    let host = parsed.host_str().filter(|h| !h.is_empty())?;
    Some(match parsed.port() {
        Some(port) => format!("{host}:{port}"),
        // Postgres's own default port.
        None => format!("{host}:5432"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_in_user_information_and_query_parameters_are_masked() {
        assert_eq!(
            redacted("postgres://saloon:s3cret@db:5432/saloon?sslmode=require"),
            "postgres://saloon:***@db:5432/saloon?sslmode=require"
        );
        assert_eq!(
            redacted("postgres://saloon@db/saloon?password=s3cret&sslmode=require&sslpassword=k3y"),
            "postgres://saloon@db/saloon?password=***&sslmode=require&sslpassword=***"
        );
        assert_eq!(redacted("postgresql://u:p@h/x?PassWord=s3cret"), "postgresql://u:***@h/x?PassWord=***");
        // A key written with percent-escapes is still recognised.
        assert_eq!(redacted("postgres://h/x?pass%77ord=s3cret"), "postgres://h/x?pass%77ord=***");
        assert_eq!(
            redacted("postgres://saloon@127.0.0.1/x?sslrootcert=/etc/ca.pem"),
            "postgres://saloon@127.0.0.1/x?sslrootcert=/etc/ca.pem"
        );
        assert_eq!(redacted("sqlite:saloon.db"), "sqlite:saloon.db");
        assert_eq!(redacted("sqlite:saloon.db?mode=ro"), "sqlite:saloon.db?mode=ro");
        assert_eq!(redacted("/var/lib/saloon/saloon.db"), "/var/lib/saloon/saloon.db");
        // Too malformed to read as a URL (a port that is no number): still nothing secret.
        let bad = redacted("postgres://saloon:s3cret@db:port/saloon?password=s3cret");
        assert!(!bad.contains("s3cret") && bad.contains("db:port"), "{bad}");
    }

    #[test]
    fn the_server_is_named_with_its_port() {
        assert_eq!(server_of("postgres://u:p@db.example/saloon").as_deref(), Some("db.example:5432"));
        assert_eq!(server_of("postgres://127.0.0.1:6543/x").as_deref(), Some("127.0.0.1:6543"));
        assert_eq!(server_of("sqlite:saloon.db"), None);
    }
}
