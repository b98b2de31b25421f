//! The playfield's own shader: it is the only one the game adds to macroquad's. A file of its
//! own so that `examples/present_floor.rs`, which measures this machine's cost of showing the
//! playfield, draws it with exactly the game's shader.

/// The vertex stage of macroquad's default material, which the opaque one reuses.
pub const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec2 uv;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

/// Drawing the playfield with blending would let its alpha through: translucent sprites
/// (clouds, shadows) blended into the offscreen target lower the target's alpha as well as
/// mixing its colour, so the letterbox would show through them and screenshots would come out
/// partly transparent. The colour is already final, so it is copied with alpha 1.
pub const OPAQUE_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = vec4((color * texture2D(Texture, uv)).rgb, 1.0);
}"#;
