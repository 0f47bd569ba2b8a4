import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP in `URLSession`'s shape, for app code whose client protocol is the one iOS teams write
/// (`extension URLSession: HTTPClient {}` in the app):
///
/// ```swift
/// // In the app (imports Foundation only):
/// public protocol HTTPClient: Sendable {
///     func data(for request: URLRequest) async throws -> (Data, URLResponse)
/// }
/// extension URLSession: HTTPClient {}
/// // In the simulator's target:
/// extension SimulatedHTTPClient: HTTPClient {}
/// ```
///
/// The answer is an `HTTPURLResponse` with the status, as `URLSession` gives it (an error status
/// is an answer, not a throw); no connection, no answer in time and a cancelled or killed app's
/// request throw `URLError` with the codes iOS uses: `.notConnectedToInternet`, `.timedOut`,
/// `.cancelled`. A request no route names throws `SimulatedHTTPClient.Failure.noRoute`: a
/// mistake in the plug-in's routes, not a network condition.
extension SimulatedHTTPClient {
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        let query = url.query.map { "?" + $0 } ?? ""
        do {
            let answer = try await data(method: request.httpMethod ?? "GET", path: (url.path.isEmpty ? "/" : url.path) + query,
                                        headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody ?? Data())
            let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
            return (answer.body, response ?? URLResponse(url: url, mimeType: nil, expectedContentLength: answer.body.count, textEncodingName: nil))
        } catch let failure as Failure {
            throw failure.urlError(for: url)
        }
    }

    /// A GET of `url`, as `URLSession.data(from:)`.
    public func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }
}

extension SimulatedHTTPClient.Failure {
    /// The error `URLSession` throws for this failure on a device; a missing route stays itself.
    public func urlError(for url: URL) -> any Error {
        let code: URLError.Code
        switch self {
        case .offline: code = .notConnectedToInternet
        case .timedOut: code = .timedOut
        case .cancelled: code = .cancelled
        case .noRoute: return self
        }
        return URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: url, NSLocalizedDescriptionKey: description])
    }
}
