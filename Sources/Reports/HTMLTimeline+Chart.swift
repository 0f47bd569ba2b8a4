import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// The timeline's SVG: lanes, axis, offline periods, route bar, requests, events, violations.
extension HTMLTimeline {
    func svg() -> String {
        let height = top + Double(lanes.count) * laneHeight + 30
        var shapes = offlinePeriods(height: height)
        for lane in lanes {
            shapes.append("<text class=lane x=8 y=\(fmt(y(lane) + 21))>\(laneTitle(lane))</text>")
            shapes.append("<line x1=\(fmt(left)) x2=\(fmt(left + width)) y1=\(fmt(y(lane) + laneHeight)) y2=\(fmt(y(lane) + laneHeight)) stroke='#e6e9ef'/>")
        }
        shapes += axis(height: height) + routeBar() + banner() + requestSpans() + eventMarks() + violationMarks(height: height)
        return "<svg xmlns='http://www.w3.org/2000/svg' width=\(fmt(left + width + 20)) height=\(fmt(height)) role=img aria-label='timeline'>\n"
            + shapes.joined(separator: "\n") + "\n</svg>\n"
    }

    /// Ticks on the stretches drawn to scale; a break mark and the idle time under each squeezed gap.
    private func axis(height: Double) -> [String] {
        var marks: [String] = []
        for tick in scale.ticks {
            let position = scale.x(tick)
            marks.append("<line x1=\(fmt(position)) x2=\(fmt(position)) y1=\(fmt(top)) y2=\(fmt(height - 24)) stroke='#eef0f4'/>")
            marks.append("<text class=axis x=\(fmt(position)) y=\(fmt(height - 8)) text-anchor=middle>\(Self.time(tick))</text>")
        }
        for gap in scale.gaps {
            let middle = (gap.x0 + gap.x1) / 2
            marks.append("<g><title>nothing happens from \(Self.time(gap.startMs)) to \(Self.time(gap.endMs)): squeezed</title>"
                         + "<rect x=\(fmt(gap.x0)) y=\(fmt(top)) width=\(fmt(gap.x1 - gap.x0)) height=\(fmt(height - 24 - top)) fill='#f3f4f7'/>"
                         + "<text class=axis x=\(fmt(middle)) y=\(fmt(height - 8)) text-anchor=middle>⋯</text>"
                         + "<text class=axis x=\(fmt(middle)) y=\(fmt(height - 20)) text-anchor=middle font-size=9>+\(Self.time(gap.endMs - gap.startMs))</text></g>")
        }
        return marks
    }

    static func time(_ ms: Double) -> String {
        ms >= 1000 ? "\(Markup.coordinate(ms / 1000))s" : "\(Int(ms))ms"
    }

    /// Grey bands over every lane while the device had no connection.
    private func offlinePeriods(height: Double) -> [String] {
        var shapes: [String] = []
        var since: SimulationInstant?
        func close(at end: SimulationInstant) {
            guard let start = since else { return }
            shapes.append("<g><title>offline from \(start) to \(end)</title><rect x=\(fmt(x(start))) y=\(fmt(top)) "
                          + "width=\(fmt(max(2, x(end) - x(start)))) height=\(fmt(height - 24 - top)) fill='#eceff1' opacity=0.9/></g>")
            since = nil
        }
        for entry in result.simulation.trace.entries {
            guard case .connectivity(let online)? = entry.record as? ModelEvent else { continue }
            if online { close(at: entry.time) } else if since == nil { since = entry.time }
        }
        close(at: result.simulation.virtualTime)
        return shapes
    }

    /// The screens, one segment per route (a loading screen is its own segment), each named on
    /// the bar when the name fits and always on hover.
    private func routeBar() -> [String] {
        let segments = screenSegments { $0.route != $1.route || ($0.loadingScreen == nil) != ($1.loadingScreen == nil) }
        return segments.enumerated().compactMap { position, segment in
            guard let route = segment.screen.route else { return nil }
            let start = x(segment.start), span = max(2, x(segment.end) - start)
            // Neighbouring onboarding steps alternate shades so their boundaries show.
            let colour = segment.screen.loadingScreen != nil ? "#b0bec5" : route.kind == .main ? "#66bb6a"
                : route.kind == .launch ? "#90a4ae" : position.isMultiple(of: 2) ? "#64b5f6" : "#90caf9"
            let label = route.description.replacingOccurrences(of: "onboarding(", with: "").replacingOccurrences(of: ")", with: "")
            let fits = Double(label.count) * 6.5 + 6 <= span
            let text = fits ? "<text x=\(fmt(start + 3)) y=\(fmt(y("route") + 21)) font-size=11 fill='#0d1b2a'>\(escape(label))</text>" : ""
            return "<g><title>\(escape(route.description)) from \(segment.start) to \(segment.end)\(segment.screen.loadingScreen.map { " (loading \($0))" } ?? "")</title>"
                + "<rect x=\(fmt(start)) y=\(fmt(y("route") + 6)) width=\(fmt(span)) height=22 rx=3 fill='\(colour)'/>\(text)</g>"
        }
    }

    /// An orange stripe over the route bar while the offline banner shows.
    private func banner() -> [String] {
        screenSegments { $0.offlineBanner != $1.offlineBanner }.filter(\.screen.offlineBanner).map { segment in
            "<g><title>offline banner shown from \(segment.start) to \(segment.end)</title><rect x=\(fmt(x(segment.start))) "
                + "y=\(fmt(y("route") + 2)) width=\(fmt(max(2, x(segment.end) - x(segment.start)))) height=5 fill='#ff9800'/></g>"
        }
    }

    /// The screens, cut where `differs` says two consecutive states differ.
    private func screenSegments(_ differs: (ScreenState, ScreenState) -> Bool) -> [(start: SimulationInstant, end: SimulationInstant, screen: ScreenState)] {
        var starts: [(start: SimulationInstant, screen: ScreenState)] = []
        for entry in result.simulation.trace.entries {
            guard case .screen(let state)? = entry.record as? ModelEvent else { continue }
            if starts.last.map({ differs($0.screen, state) }) ?? true { starts.append((entry.time, state)) }
        }
        return starts.enumerated().map { position, segment in
            (segment.start, position + 1 < starts.count ? starts[position + 1].start : result.simulation.virtualTime, segment.screen)
        }
    }

    private func requestSpans() -> [String] {
        var open: [Int: (SimulationInstant, Endpoint)] = [:]  // looked up by id, never iterated
        var faulted: [Int] = []
        var shapes: [String] = []
        for entry in result.simulation.trace.entries {
            guard let event = entry.record as? ModelEvent else { continue }
            switch event {
            case .requestSent(let id, _, let endpoint): open[id] = (entry.time, endpoint)
            case .faultApplied(let id, _, let fault):
                faulted.append(id)
                shapes.append("<g><title>fault on #\(id): \(escape(fault))</title><path d='M\(fmt(x(entry.time))) \(fmt(y("network") + 4)) l5 8 l-10 0 z' fill='#e53935'/></g>")
            case .responseReceived(let id, let endpoint, let outcome):
                guard let (start, _) = open.removeValue(forKey: id) else { continue }
                let colour = outcome == "ok" ? "#42a5f5" : faulted.contains(id) ? "#e53935" : "#ffa726"
                let left = x(start), span = max(2, x(entry.time) - left)
                shapes.append("<g><title>#\(id) \(endpoint.rawValue): \(escape(outcome)) (\(start) to \(entry.time))</title>"
                              + "<rect x=\(fmt(left)) y=\(fmt(y("network") + 14 + Double(id % 3) * 5)) width=\(fmt(span)) height=4 fill='\(colour)'/></g>")
            default: break
            }
        }
        return shapes
    }

    private func eventMarks() -> [String] {
        result.simulation.trace.entries.compactMap { entry in
            guard let event = entry.record as? ModelEvent, lanes.contains(event.lane), event.lane != "network" else { return nil }
            if case .screen = event { return nil }
            let colour = event.lane == "user" ? "#7e57c2" : event.lane == "device" ? "#455a64" : event.lane == "backend" ? "#26a69a" : "#8d6e63"
            return "<g><title>\(entry.time) \(escape(entry.text))</title><rect x=\(fmt(x(entry.time) - 1)) y=\(fmt(y(event.lane) + 9)) width=3 height=16 fill='\(colour)'/></g>"
        }
    }

    /// A dashed line per violation, and the laid-out labels above the lanes (hover lists a
    /// counted label's violations).
    private func violationMarks(height: Double) -> [String] {
        var shapes = result.violations.map { violation in
            let position = fmt(x(violation.at))
            return "<g><title>\(escape(violation.oracle)) at \(violation.at): \(escape(violation.message))</title>"
                + "<line x1=\(position) x2=\(position) y1=\(fmt(top)) y2=\(fmt(height - 24)) stroke='#c62828' stroke-width=2 stroke-dasharray='4 3'/></g>"
        }
        for label in labels.placed {
            let members = label.members.map { "\(result.violations[$0].oracle) at \(result.violations[$0].at)" }.joined(separator: "\n")
            shapes.append("<g class=label><title>\(escape(members))</title><text x=\(fmt(label.left)) y=\(fmt(12 + Double(label.row) * 15)) "
                          + "font-size=11 fill='#c62828'>\(escape(label.text))</text></g>")
        }
        return shapes
    }
}
