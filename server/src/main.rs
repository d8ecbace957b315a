//! `parlor-server`: reads its flags and the environment, then serves (stops
//! cleanly on Ctrl-C or SIGTERM), migrates, or checks a running server's
//! health. `parlor-server --help` lists every setting.

use parlor_games::record::RECORD_BODY_LIMIT;
use parlor_server::config::{self, LogFormat, Mode};
use tracing_subscriber::EnvFilter;

/// mimalloc rather than glibc's malloc: every update allocates and frees
/// many small buffers across threads, where glibc spent a fifth of the
/// server's CPU (measured in docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (mode, config) = match config::from_args(std::env::args_os()) {
        Ok(parsed) => parsed,
        // --help, --version, or a usage error (exit code 2), printed by clap.
        Err(e) => e.exit(),
    };
    let config = match config {
        Ok(config) => config,
        Err(e) => {
            // Each bad setting on its own line, without a backtrace.
            eprintln!("parlor-server: {e}");
            std::process::exit(2);
        }
    };
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    // Colour only for a terminal: `docker logs` and journald keep plain text.
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    match config.log_format {
        LogFormat::Json => logs
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
        LogFormat::Text => logs.init(),
    }
    match mode {
        Mode::Verify(source) => std::process::exit(verify(&source).await),
        Mode::Healthcheck => {
            let ready = parlor_server::health::check(config.addr).await;
            std::process::exit(if ready { 0 } else { 1 });
        }
        Mode::Migrate => {
            let store = parlor_server::connect_store(&config).await?;
            tracing::info!("migrations applied");
            store.close().await;
            return Ok(());
        }
        Mode::Serve => {}
    }
    if !config.web_dir.join("index.html").exists() {
        tracing::warn!(dir = %config.web_dir.display(), "web client not built: run `npm --prefix web-client run build`");
    }
    let rates = &config.rate_limits;
    if rates.create_room.is_none() && rates.room_code.is_none() && rates.api.is_none() {
        tracing::warn!(
            "rate limits are off (PARLOR_RATE_LIMIT=off): fine for tests, not for a public server"
        );
    }
    tracing::info!(
        rate_limits = ?config.rate_limits,
        sockets_per_ip = ?config.max_sockets_per_ip,
        conns_per_ip = ?config.serve.max_conns_per_ip,
        trusted_proxies = %config.trusted_proxies,
        header_timeout = ?config.serve.header_timeout,
        allowed_origins = ?config.allowed_origins,
        public_url = ?config.public_url,
        metrics = match &config.metrics {
            config::MetricsAccess::Off => "off",
            config::MetricsAccess::Open => "open",
            config::MetricsAccess::Token(_) => "token",
        },
        admin = config.admin_token.is_some(),
        retention = ?config.retention,
        "settings"
    );
    let server = parlor_server::start(config).await?;
    // Scripts and tests wait for this exact line on stdout.
    println!("parlor listening on http://{}", server.addr);
    wait_for_signal().await;
    tracing::info!("shutting down");
    server.shutdown().await;
    Ok(())
}

/// `parlor-server verify FILE|URL`: 0 when the record checks out, 1 when it
/// does not (naming the first step that fails), 2 when it cannot be read.
/// A record is read as the server reads an upload: at most
/// [`RECORD_BODY_LIMIT`] bytes, by its type.
async fn verify(source: &str) -> i32 {
    let bytes = if source == "-" {
        read_capped(std::io::stdin().lock())
    } else if source.starts_with("http://") || source.starts_with("https://") {
        download(source).await
    } else {
        std::fs::File::open(source)
            .map_err(|e| e.to_string())
            .and_then(read_capped)
    };
    let record =
        match bytes.and_then(|b| parlor_games::record::parse(&b).map_err(|e| e.to_string())) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("parlor-server verify: {source}: {e}");
                return 2;
            }
        };
    match parlor_games::record::verify_record(&record) {
        Ok(v) => {
            println!(
                "verified: match {} ({}), {} steps replayed, {} chance steps re-derived from the seed, result as recorded",
                record.header.match_id,
                record.header.game.title(),
                v.steps,
                v.chance
            );
            0
        }
        Err(e) => {
            println!("NOT verified: match {}: {e}", record.header.match_id);
            1
        }
    }
}

fn too_large() -> String {
    format!(
        "larger than {RECORD_BODY_LIMIT} bytes: not a match record (the longest matches make about 100 KB)"
    )
}

/// Reads at most [`RECORD_BODY_LIMIT`] bytes, refusing anything longer.
fn read_capped(reader: impl std::io::Read) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(reader, RECORD_BODY_LIMIT as u64 + 1),
        &mut bytes,
    )
    .map_err(|e| e.to_string())?;
    if bytes.len() > RECORD_BODY_LIMIT {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Fetches the record of the match at `url` (its page or its download
/// link): no redirects followed (a redirect could point anywhere, a local
/// service included), at most [`RECORD_BODY_LIMIT`] bytes read.
async fn download(url: &str) -> Result<Vec<u8>, String> {
    let export = parlor_server::replay::export_url(url).ok_or_else(|| {
        "not the address of a match (expected …/matches/ID or …/api/matches/ID/export)".to_string()
    })?;
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(30))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| e.to_string())?;
    let mut response = client
        .get(&export)
        .send()
        .await
        .map_err(|e| format!("{export}: {e}"))?;
    let status = response.status();
    if status.is_redirection() {
        let to = response
            .headers()
            .get(reqwest::header::LOCATION)
            .and_then(|l| l.to_str().ok())
            .unwrap_or("elsewhere");
        return Err(format!(
            "{export}: the server sends this request on to {to:?}; redirects are not followed \
             (verify that address directly if you trust it)"
        ));
    }
    if response
        .content_length()
        .is_some_and(|n| n > RECORD_BODY_LIMIT as u64)
    {
        return Err(format!("{export}: {}", too_large()));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| format!("{export}: {e}"))?
    {
        if body.len() + chunk.len() > RECORD_BODY_LIMIT {
            return Err(format!("{export}: {}", too_large()));
        }
        body.extend_from_slice(&chunk);
    }
    if !status.is_success() {
        // The server's typed error says why (e.g. the match is not over).
        let why = serde_json::from_slice::<parlor_protocol::http::ApiError>(&body)
            .map(|e| e.message)
            .unwrap_or_else(|_| status.to_string());
        return Err(format!("{export}: {why}"));
    }
    Ok(body)
}

async fn wait_for_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}
