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
    let config = parlor_server::Config::from_env()?;
    if !config.web_dir.join("index.html").exists() {
        tracing::warn!(dir = %config.web_dir.display(), "web client not built: run `npm --prefix web-client run build`");
    }
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
