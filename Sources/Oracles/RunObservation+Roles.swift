import SimKernel
import AppVocabulary

/// What each tap and request of a run is to the app (`AppRoles`), looked up once when the run is
/// observed and read back by place: a dozen rules read every tap's role or every request's purpose.
extension RunObservation {
    /// The declared role of the user action at `tap` (`AppRoles.role(of:)`, looked up once when the
    /// run was observed); `.forward` for a place that holds no user action.
    @inlinable public func role(ofTapAt tap: EventPlace) -> ActionRole { actionRoles[tap.position] }

    /// The declared role of the user action at `position` of `events` (as `positions(of:)` gives
    /// them); `.forward` for any other event.
    @inlinable public func role(ofTapAtPosition position: Int) -> ActionRole { actionRoles[position] }

    /// Whether the request event at `request` (sent, faulted, answered, handled or carrying) is to
    /// an endpoint for `purpose` (`AppRoles.endpoint(_:is:)`, looked up once when observed).
    @inlinable public func endpoint(at request: EventPlace, is purpose: RequestRole.Purpose) -> Bool {
        requestFacts[request.position].purpose == purpose
    }

    /// Whether no user waits on the request event at `request` (`AppRoles.isBackground(_:)`).
    @inlinable public func isBackground(at request: EventPlace) -> Bool { requestFacts[request.position].isBackground }

    /// Whether no user waits on request `id`, at `request`: `isBackground(_:id:)` by place.
    @inlinable public func isBackground(at request: EventPlace, id: Int) -> Bool {
        requestFacts[request.position].isBackground && (awaitedRefreshes.isEmpty || !awaitedRefreshes.contains(id))
    }

    /// Each event's role by position: the user actions' at `positions`, `.forward` for the rest.
    static func actionRoles(of events: [Event], at positions: ArraySlice<Int>, roles: AppRoles) -> [ActionRole] {
        var actionRoles = [ActionRole](repeating: .forward, count: events.count)
        for position in positions {
            if case .userAction(let action, _) = events[position].event { actionRoles[position] = roles.role(of: action) }
        }
        return actionRoles
    }

    /// Each event's request facts by position: those of the endpoint named by the events at
    /// `positions`, `RequestFacts.undeclared` for the rest.
    static func requestFacts(of events: [Event], roles: AppRoles, at positions: ArraySlice<Int>) -> [RequestFacts] {
        var facts = [RequestFacts](repeating: .undeclared, count: events.count)
        for position in positions {
            switch events[position].event {
            case .requestSent(_, _, let endpoint), .faultApplied(_, let endpoint, _), .responseReceived(_, let endpoint, _),
                 .backendHandled(_, let endpoint, _):
                facts[position] = roles.facts(of: endpoint)
            case .requestCarries(_, let request): facts[position] = roles.facts(of: request.endpoint)
            default: break
            }
        }
        return facts
    }
}
