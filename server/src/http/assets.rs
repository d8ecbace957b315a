//! The web client's files. Any path outside `/api` is a page of the
//! single-page client, compressed when the browser accepts it. Vite names
//! built assets by their content, so they are cached for good; the page
//! itself is revalidated every time, so a new release is picked up at
//! once. A missing asset is a plain 404 (never the page under a script's
//! name, which a browser would keep).

use std::path::Path;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

/// `/assets` (built files only) and every other path: a file of the
/// client, else its page.
pub(super) fn router(web_dir: &Path) -> Router {
    let assets = tower::ServiceBuilder::new()
        .layer(middleware::from_fn(cache_control))
        .layer(CompressionLayer::new())
        .service(ServeDir::new(web_dir.join("assets")));
    let pages = tower::ServiceBuilder::new()
        .layer(middleware::from_fn(cache_control))
        .layer(CompressionLayer::new())
        .service(ServeDir::new(web_dir).fallback(ServeFile::new(web_dir.join("index.html"))));
    Router::new()
        .nest_service("/assets", assets)
        .fallback_service(pages)
}

/// `Cache-Control` for the web client: content-hashed assets found for a
/// year, the page revalidated, anything not found not kept at all.
async fn cache_control(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let value = if !response.status().is_success() {
        "no-store"
    } else if content_hashed(&path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

/// Length of the content hash Vite puts in a built file's name.
const HASH_LEN: usize = 8;

/// Whether `path` names a file Vite built and named by its content
/// (`/assets/index-B2x_kQ9a.js`): only those may be cached for good. The
/// hash is the last eight characters of the name before its extension,
/// after a `-`; it may itself start with `-` or `_` (`index--VdvAmCV.js`).
pub fn content_hashed(path: &str) -> bool {
    let Some(file) = path.rsplit('/').next() else {
        return false;
    };
    let Some((stem, _ext)) = file.split_once('.') else {
        return false;
    };
    let Some(dash) = stem.len().checked_sub(HASH_LEN + 1) else {
        return false;
    };
    let (name, hash) = stem.split_at(dash);
    !name.is_empty()
        && hash.starts_with('-')
        && hash[1..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::content_hashed;

    #[test]
    fn vite_names_are_content_hashed_whatever_their_hash_starts_with() {
        for hashed in [
            "/assets/index-B2x_kQ9a.js",
            "/assets/index--VdvAmCV.js",
            "/assets/index-_VdvAmCV.css",
            "/assets/Die-abcdefgh.js",
        ] {
            assert!(content_hashed(hashed), "{hashed}");
        }
        for plain in [
            "/index.html",
            "/assets/logo.svg",
            "/assets/-abcdefgh.js",
            "/r/ABCDEFGH",
            "/assets/a-short.js",
        ] {
            assert!(!content_hashed(plain), "{plain}");
        }
    }
}
