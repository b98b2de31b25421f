//! Gamepads through gilrs: the d-pad or left stick (with a deadzone) to move, face buttons to
//! shoot and bomb, shoulders to focus, hot-plugging. The first pad connected drives player 1,
//! the second player 2.
//!
//! gilrs events are turned into small [`PadEvent`] values first, so the mapping to
//! `sim::Input` is tested without a device.

use skysweep::save::pad::{PadBindings, PadButton};
use skysweep::sim::Input;

/// Stick travel below this fraction is ignored, so a worn stick does not drift the ship.
pub const DEADZONE: f32 = 0.35;

/// A device-independent gamepad event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PadEvent {
    Button(PadButton, bool),
    /// Left stick, -1.0 to 1.0; y is positive upwards, as gilrs reports it.
    StickX(f32),
    StickY(f32),
}

/// What one pad holds now.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PadState {
    buttons: u16,
    /// Buttons that went down since the last [`PadState::take_pressed`].
    pressed: u16,
    stick_x: f32,
    stick_y: f32,
}

impl PadState {
    pub fn apply(&mut self, ev: PadEvent) {
        match ev {
            PadEvent::Button(b, true) => {
                self.buttons |= b.bit();
                self.pressed |= b.bit();
            }
            PadEvent::Button(b, false) => self.buttons &= !b.bit(),
            PadEvent::StickX(v) => self.stick_x = if v.is_finite() { v } else { 0.0 },
            PadEvent::StickY(v) => self.stick_y = if v.is_finite() { v } else { 0.0 },
        }
    }

    pub fn held(&self, b: PadButton) -> bool {
        self.buttons & b.bit() != 0
    }

    /// Buttons pressed since the last call (for menus).
    pub fn take_pressed(&mut self) -> Vec<PadButton> {
        let p = self.pressed;
        self.pressed = 0;
        PadButton::all().filter(|b| p & b.bit() != 0).collect()
    }

    pub fn input(&self, bindings: &PadBindings) -> Input {
        let any = |names: &[String]| {
            names
                .iter()
                .filter_map(|n| PadButton::from_name(n))
                .any(|b| self.held(b))
        };
        Input {
            up: self.held(PadButton::DPadUp) || self.stick_y > DEADZONE,
            down: self.held(PadButton::DPadDown) || self.stick_y < -DEADZONE,
            left: self.held(PadButton::DPadLeft) || self.stick_x < -DEADZONE,
            right: self.held(PadButton::DPadRight) || self.stick_x > DEADZONE,
            shot: any(&bindings.shot),
            bomb: any(&bindings.bomb),
            focus: any(&bindings.focus),
        }
    }
}

fn from_gilrs(ev: &gilrs::EventType) -> Option<PadEvent> {
    use gilrs::{Axis, Button, EventType};
    let button = |b: &Button| {
        Some(match b {
            Button::South => PadButton::South,
            Button::East => PadButton::East,
            Button::North => PadButton::North,
            Button::West => PadButton::West,
            Button::LeftTrigger => PadButton::LeftTrigger,
            Button::LeftTrigger2 => PadButton::LeftTrigger2,
            Button::RightTrigger => PadButton::RightTrigger,
            Button::RightTrigger2 => PadButton::RightTrigger2,
            Button::Select => PadButton::Select,
            Button::Start => PadButton::Start,
            Button::DPadUp => PadButton::DPadUp,
            Button::DPadDown => PadButton::DPadDown,
            Button::DPadLeft => PadButton::DPadLeft,
            Button::DPadRight => PadButton::DPadRight,
            _ => return None,
        })
    };
    match ev {
        EventType::ButtonPressed(b, _) => button(b).map(|b| PadEvent::Button(b, true)),
        EventType::ButtonReleased(b, _) => button(b).map(|b| PadEvent::Button(b, false)),
        EventType::AxisChanged(Axis::LeftStickX, v, _) => Some(PadEvent::StickX(*v)),
        EventType::AxisChanged(Axis::LeftStickY, v, _) => Some(PadEvent::StickY(*v)),
        _ => None,
    }
}

/// Connected pads in connection order: slot 0 drives player 1, slot 1 player 2.
pub struct Gamepads {
    gilrs: Option<gilrs::Gilrs>,
    slots: Vec<(gilrs::GamepadId, PadState)>,
}

impl Gamepads {
    /// Starts gamepad support; with no input devices it still works, with no pads.
    pub fn new() -> (Gamepads, Option<String>) {
        let (gilrs, warning) = match gilrs::Gilrs::new() {
            Ok(g) => (Some(g), None),
            Err(gilrs::Error::NotImplemented(g)) => (Some(g), None),
            Err(e) => (None, Some(format!("gamepads unavailable: {e}"))),
        };
        let mut pads = Gamepads {
            gilrs,
            slots: Vec::new(),
        };
        if let Some(g) = &pads.gilrs {
            pads.slots = g
                .gamepads()
                .map(|(id, _)| (id, PadState::default()))
                .collect();
        }
        (pads, warning)
    }

    /// Takes every pending device event: connections, disconnections, buttons and sticks.
    pub fn poll(&mut self) {
        let Some(g) = &mut self.gilrs else {
            return;
        };
        while let Some(ev) = g.next_event() {
            match ev.event {
                gilrs::EventType::Connected => {
                    if !self.slots.iter().any(|(id, _)| *id == ev.id) {
                        self.slots.push((ev.id, PadState::default()));
                    }
                }
                gilrs::EventType::Disconnected => self.slots.retain(|(id, _)| *id != ev.id),
                other => {
                    if let (Some(pe), Some((_, st))) = (
                        from_gilrs(&other),
                        self.slots.iter_mut().find(|(id, _)| *id == ev.id),
                    ) {
                        st.apply(pe);
                    }
                }
            }
        }
    }

    pub fn count(&self) -> usize {
        self.slots.len()
    }

    /// The input of the pad driving `player`, if one is connected.
    pub fn input(&self, player: usize, bindings: &PadBindings) -> Option<Input> {
        self.slots.get(player).map(|(_, s)| s.input(bindings))
    }

    /// Buttons pressed on any pad since the last call, for menus.
    pub fn take_pressed(&mut self) -> Vec<(usize, PadButton)> {
        self.slots
            .iter_mut()
            .enumerate()
            .flat_map(|(i, (_, s))| s.take_pressed().into_iter().map(move |b| (i, b)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stick_moves_beyond_the_deadzone_only() {
        let b = PadBindings::default();
        let mut s = PadState::default();
        s.apply(PadEvent::StickX(0.2));
        s.apply(PadEvent::StickY(-0.1));
        assert_eq!(
            s.input(&b),
            Input::default(),
            "inside the deadzone nothing moves"
        );
        s.apply(PadEvent::StickX(-0.9));
        s.apply(PadEvent::StickY(0.8));
        let i = s.input(&b);
        assert!(i.left && i.up && !i.right && !i.down);
        s.apply(PadEvent::StickX(f32::NAN));
        assert!(!s.input(&b).left, "a broken axis reading counts as centred");
    }

    #[test]
    fn dpad_and_face_buttons_map_to_input() {
        let b = PadBindings::default();
        let mut s = PadState::default();
        s.apply(PadEvent::Button(PadButton::DPadRight, true));
        s.apply(PadEvent::Button(PadButton::South, true));
        s.apply(PadEvent::Button(PadButton::RightTrigger, true));
        let i = s.input(&b);
        assert!(i.right && i.shot && i.focus && !i.bomb);
        s.apply(PadEvent::Button(PadButton::South, false));
        s.apply(PadEvent::Button(PadButton::East, true));
        let i = s.input(&b);
        assert!(!i.shot && i.bomb);
        assert_eq!(
            s.take_pressed(),
            vec![
                PadButton::South,
                PadButton::East,
                PadButton::RightTrigger,
                PadButton::DPadRight
            ]
        );
        assert!(s.take_pressed().is_empty());
    }

    #[test]
    fn rebinding_changes_which_button_shoots() {
        let b = PadBindings {
            shot: vec!["North".into()],
            ..PadBindings::default()
        };
        let mut s = PadState::default();
        s.apply(PadEvent::Button(PadButton::South, true));
        assert!(!s.input(&b).shot);
        s.apply(PadEvent::Button(PadButton::North, true));
        assert!(s.input(&b).shot);
    }
}
