//! `parlor-server`: reads the environment, starts the server, stops cleanly
//! on Ctrl-C or SIGTERM.

use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let config = match parlor_server::Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            // Each bad variable on its own line, without a backtrace.
            eprintln!("parlor-server: {e}");
            std::process::exit(2);
        }
    };
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
        header_timeout = ?config.serve.header_timeout,
        allowed_origins = ?config.allowed_origins,
        "limits"
    );
    let server = parlor_server::start(config).await?;
    // Scripts and tests wait for this exact line on stdout.
    println!("parlor listening on http://{}", server.addr);
    wait_for_signal().await;
    tracing::info!("shutting down");
    server.shutdown().await;
    Ok(())
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
