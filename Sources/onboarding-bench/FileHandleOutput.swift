import SimKernel

enum FileHandleOutput {
    /// A line on standard error (`DescriptorWriter`): a closed or full stream is ignored, never a
    /// trap as `FileHandle.write(_:)` would be.
    static func error(_ text: String) {
        DescriptorWriter.errorLine(text)
    }
}
